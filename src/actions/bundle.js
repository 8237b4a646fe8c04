// The entry of the one bundle every action shares (dist/index.js); each action's dist/<name>/index.js loads it
// and runs that action. The actions are found by their path, src/actions/<name>/<name>.ts, so a new action joins
// by its folder alone. Each is evaluated only when it runs, so one action starts no slower than from a bundle
// of its own ("eager" keeps them in this one file instead of a file per action). This file is JavaScript
// because TypeScript would wrap the import's path in a helper that hides its pattern from the bundler.

/** @param {string} action the name of a folder of src/actions */
export async function run(action) {
  const module = await import(
    /* webpackInclude: /\/([a-z0-9-]+)\/\1\.ts$/ */
    /* webpackMode: "eager" */
    `./${action}/${action}.ts`
  );
  if (typeof module.run !== 'function') throw new Error(`src/actions/${action}/${action}.ts has no run()`);
  await module.run();
}
