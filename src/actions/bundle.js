// The entry of the one bundle every action shares (dist/index.js); each action's dist/<name>/index.js loads it
// and runs that action. The actions are found by their path, src/actions/<name>/<name>.ts, so a new action joins
// by its folder alone. "lazy" puts each action, and what actions share, in pieces of their own
// (dist/<id>.index.js) loaded as an action needs them: a process compiles only its action's code, so an action
// starts as fast as from a bundle of its own (one file for all compiled every action's code: 7% slower).
// This file is JavaScript because TypeScript would wrap the import's path in a helper that hides its pattern
// from the bundler.

/** @param {string} action the name of a folder of src/actions */
export async function run(action) {
  const module = await import(
    /* webpackInclude: /\/([a-z0-9-]+)\/\1\.ts$/ */
    /* webpackMode: "lazy" */
    `./${action}/${action}.ts`
  );
  if (typeof module.run !== 'function') throw new Error(`src/actions/${action}/${action}.ts has no run()`);
  await module.run();
}
