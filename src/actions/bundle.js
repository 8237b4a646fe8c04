// The entry of the one bundle every action shares (dist/index.js), which each dist/<name>/index.js runs: actions are
// found by their path, so a new action joins by its folder alone, and "lazy" puts each in pieces of its own
// (dist/<id>.index.js), so a process compiles only its action's code. JavaScript, because TypeScript would wrap
// the import's path in a helper that hides its pattern from the bundler.

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
