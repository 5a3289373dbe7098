// Lint configuration (kept out of the top level, which holds only what the project is).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['./test/tsconfig.json'], tsconfigRootDir: process.cwd() },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  // No function over 150 lines: a longer one is a sequence of steps that deserve names (src/README.md).
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 150 }] } },
  // The layers (README, "Development"): each folder may import only what is below it.
  ...layers({
    'src/model/**': ['journal', 'commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'sandbox', 'context', 'api/client', 'io', 'plan', 'files', 'output'],
    'src/plan/**': ['journal', 'commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'sandbox', 'context', 'api/client', 'io', 'files'],
    'src/api/**': ['journal', 'commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'plan', 'files', 'sandbox', 'context', 'io'],
    'src/files/**': ['journal', 'commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'sandbox', 'context', 'api/client', 'io', 'plan'],
    'src/output/**': ['journal', 'commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'sandbox', 'context', 'api', 'plan'],
    'src/engine/**': ['commands', 'organization', 'members', 'glossary', 'teams', 'sandbox'],
    // The organization's room sits above team membership: it ties invitations, organization roles
    // and removals to the team changes of members/, which never reaches up into it.
    'src/organization/**': ['commands', 'glossary', 'teams', 'sandbox'],
    // The one journal of writes that cannot be repeated: below every domain that sends them.
    'src/journal/**': ['commands', 'engine', 'organization', 'members', 'glossary', 'teams', 'sandbox', 'context', 'io'],
    'src/members/**': ['commands', 'organization', 'glossary', 'teams', 'sandbox'],
    'src/glossary/**': ['commands', 'organization', 'members', 'teams', 'sandbox'],
    'src/teams/**': ['commands', 'organization', 'members', 'glossary', 'sandbox'],
    // Access (README, "Access"): a domain of the engine beside members, glossary and teams.
    'src/access/**': ['commands', 'organization', 'members', 'glossary', 'teams', 'sandbox'],
    // The audit log (`teamctl help audit`): below the commands and the engine's domains.
    'src/audit/**': ['commands', 'organization', 'members', 'glossary', 'teams', 'access', 'sandbox'],
    // The sandbox models the service from its documents alone: none of teamctl's client rules.
    'src/sandbox/**': ['commands', 'engine', 'journal', 'organization', 'members', 'glossary', 'teams', 'plan', 'files', 'context', 'api/client', 'io'],
  }, {
    // A leaf of its layer, the one home of the glossary's language rules (README, "Development").
    'src/files/**': ['glossary/languages'],
    // The bounded pool of requests is plumbing every domain may share.
    'src/access/**': ['members/pool'],
    // Writing its --data file whole or not at all, and opening it without waiting on a FIFO, is
    // plumbing, not a rule of the service.
    'src/sandbox/**': ['files/atomic', 'files/regular'],
  }),
  {
    files: ['bin/**/*.js', 'test/**/*.js', '.ci/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' } },
  },
  {
    // The launcher is a CommonJS script (bin/package.json).
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

/**
 * One no-restricted-imports rule per folder: the folders (under src/) it may not import from, and
 * the single modules of those folders it may import all the same (`allowed`).
 */
function layers(forbidden, allowed = {}) {
  return Object.entries(forbidden).map(([files, folders]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A folder as `../<folder>/…`; a single module (context, io, api/client) as `../<module>.js`;
          // both also from one folder deeper (`src/files/glossary/` → `../../plan/…`).
          patterns: folders.map((folder) => ({
            group: ['context', 'io', 'api/client'].includes(folder)
              ? [`../${folder}.js`, `../../${folder}.js`]
              : ['../', '../../'].flatMap((up) => [
                  `${up}${folder}/**`,
                  ...(allowed[files] ?? []).filter((m) => m.startsWith(`${folder}/`)).map((m) => `!${up}${m}.js`),
                ]),
            message: `${files.replace('/**', '/')} sits below ${folder}/ in the layers (README, "Development")`,
          })),
        },
      ],
    },
  }));
}
