// The rooms of the code and what each may import, checked by `npm run lint` (dependency-cruiser). Type-only
// imports count: they tie modules' seams as much as value imports do.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The rooms from the top down (CONTRIBUTING.md, "Layout"): each may import the ones below it, never one above. A
// room added or renamed is one entry here, in its place.
const LAYERS = [
  { name: 'actions', path: 'src/actions' },
  { name: 'runner', path: 'src/runner' },
  { name: 'files', path: 'src/files' },
  { name: 'service', path: 'src/service' },
  { name: 'common', path: 'src/common' },
];

// The one room that talks to the GitHub runner's toolkit.
const RUNNER = 'src/runner';

// A room that is renamed or removed would leave its rules matching nothing: say so rather than pass.
for (const { path } of [...LAYERS, { path: RUNNER }, { path: 'emulator' }]) {
  if (!existsSync(join(import.meta.dirname, path)))
    throw new Error(`.dependency-cruiser.js: the folder ${path} does not exist`);
}

/** Every module inside the folder. */
const inside = (path) => `^${path}/`;

const layerRules = LAYERS.flatMap(({ name, path }, index) =>
  index === 0
    ? []
    : [
        {
          name: `${name}-not-upwards`,
          comment: `${path} imports none of the layers above it: ${LAYERS.slice(0, index)
            .map((layer) => layer.path)
            .join(', ')}`,
          severity: 'error',
          from: { path: inside(path) },
          to: { path: LAYERS.slice(0, index).map((layer) => inside(layer.path)) },
        },
      ],
);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No modules of src/ or of the emulator import each other in a ring.',
      severity: 'error',
      from: { path: '^(src|emulator)/' },
      to: { circular: true },
    },
    {
      name: 'action-not-another-action',
      comment: "An action never imports another action's modules: what two share goes in a room below.",
      severity: 'error',
      from: { path: '^src/actions/([^/]+)/' },
      to: { path: '^src/actions/[^/]+/', pathNot: '^src/actions/$1/' },
    },
    ...layerRules,
    {
      name: 'only-runner-touches-actions-toolkit',
      comment: `Only ${RUNNER} imports @actions/*: the rest of src/ knows nothing of GitHub.`,
      severity: 'error',
      from: { path: '^src/', pathNot: inside(RUNNER) },
      to: { path: '^node_modules/@actions/' },
    },
    {
      name: 'emulator-not-src',
      comment:
        'The emulator reads the service on its own: it imports nothing from outside emulator/ (src/ above all), ' +
        'not even types, so a misreading of the API in the client is not shared by the fake service.',
      severity: 'error',
      from: { path: '^emulator/' },
      to: { pathNot: ['^emulator/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
