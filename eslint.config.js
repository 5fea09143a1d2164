import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const htmlSinks = [
  { selector: "AssignmentExpression[left.property.name='innerHTML']", message: 'Untrusted text: never innerHTML.' },
  { selector: "AssignmentExpression[left.property.name='outerHTML']", message: 'Untrusted text: never outerHTML.' },
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Untrusted text: never dangerouslySetInnerHTML.',
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Untrusted text: never insertAdjacentHTML.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'fixtures',
      'public',
      'bench/tmp',
      'test-results',
      'playwright-report',
      '.cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-syntax': ['error', ...htmlSinks],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        ...htmlSinks,
        {
          // A whole-store subscription re-renders on every change of the store (progress ticks included).
          selector: 'CallExpression[callee.name=/^use(View|Slice|Dataset|Settings)$/][arguments.length=0]',
          message: 'Subscribe to a zustand store with a selector: useStore((s) => s.field).',
        },
      ],
    },
  },
  {
    // The seam: the UI reaches the core only through app/core.ts and its parts loaded on first use, app/core-join.ts,
    // app/core-code.ts, app/core-drop.ts, app/core-compare.ts and app/core-report.ts (its tests may also use the
    // core's test helpers).
    files: ['app/**/*.{ts,tsx}'],
    ignores: [
      'app/core.ts',
      'app/core-join.ts',
      'app/core-code.ts',
      'app/core-drop.ts',
      'app/core-compare.ts',
      'app/core-report.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src(/|$)', message: 'app/ reaches the core only through app/core.ts.' }] },
      ],
    },
  },
  {
    files: ['app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src(/(?!(.+/)?testing/)|$)',
              message: 'app/ reaches the core only through app/core.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // One error class per code: a bare ZarrviewError is made only in src/errors.ts.
    files: ['src/**/*.{ts,tsx,mts}'],
    ignores: ['src/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...htmlSinks,
        {
          selector: "NewExpression[callee.name='ZarrviewError']",
          message: 'Throw the class of the error code (src/errors.ts: errorFor names it).',
        },
      ],
    },
  },
  {
    // The core is framework-free and knows nothing of the UI.
    files: ['src/**/*.{ts,tsx,mts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*', 'plotly.js*'],
              message: 'src/ is the framework-free core.',
            },
            { regex: '^(\\.\\./)+app(/|$)', message: 'src/ imports nothing from app/.' },
          ],
        },
      ],
    },
  },
);
