import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', '.bench/**', '.demo/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Only src/service/ knows that the service has two APIs (CONTRIBUTING.md, "Layout"): the rest asks it.
    files: ['src/**/*.ts'],
    ignores: ['src/service/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='in'][left.value='slug']",
          message:
            'Which API reaches a project is known in src/service/ alone: ask the service object instead.',
        },
        {
          selector: 'NewExpression[callee.name=/^(Client|V2Client)$/]',
          message: 'The API clients are built in src/service/ alone: use the service object (openService).',
        },
      ],
    },
  },
);
