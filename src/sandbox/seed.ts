// Seeds for the sandbox. `demo`: organization `acme` with 50 users, teams `engineering` ("Platform
// Engineering") and `design` ("Product Design") with members, a small multilingual glossary, and
// spaces, collections and sites with their grants (seed-access.ts), past audit events
// (seed-audit.ts), translations of spaces and one SAML provider whose sign-ins land in
// `engineering` as `read`. `empty`: the same organization, users, teams and resources, but no team
// members, no grants, no glossary entries, no translations and no SAML provider. Everything
// is deterministic (fixed ids and dates) so a rehearsal, a test or an export reads the same every time.
import type { TeamMemberRole } from '../api/types.js';
import { mulberry32 } from './faults.js';
import { seedAccess } from './seed-access.js';
import { seedAudit } from './seed-audit.js';
import { SandboxStore } from './store.js';
import type { SandboxUser } from './store.js';

import { seedNames, type SeedName } from '../choices.js';

export { seedNames, type SeedName };

const demoOrganizationId = 'acme';
/** [id, title]: titles that differ from the ids, so a client showing one for the other is caught. */
const demoTeams = [
  ['engineering', 'Platform Engineering'],
  ['design', 'Product Design'],
] as const;

/**
 * [display name, e-mail as stored]. The e-mails' case varies on purpose: the service matches
 * e-mails case-insensitively and clients must too.
 */
const people: readonly (readonly [string, string])[] = [
  ['Alice Martin', 'Alice.Martin@Example.com'],
  ['Bruno Keller', 'bruno.keller@example.com'],
  ['Chloé Dubois', 'Chloe.Dubois@Example.com'],
  ['Daniel Okafor', 'daniel.okafor@example.com'],
  ['Elena Petrova', 'Elena.Petrova@example.com'],
  ['Farid Haddad', 'FARID.HADDAD@EXAMPLE.COM'],
  ['Grace Liu', 'grace.liu@Example.com'],
  ['Hiroshi Tanaka', 'Hiroshi.Tanaka@Example.com'],
  ['Isabel García', 'isabel.garcia@example.com'],
  ['Jonas Schmidt', 'Jonas.Schmidt@Example.com'],
  ['Kavya Reddy', 'kavya.reddy@example.com'],
  ['Liam O’Brien', 'Liam.OBrien@Example.com'],
  ['Maria Rossi', 'maria.rossi@example.com'],
  ['Nikolai Ivanov', 'Nikolai.Ivanov@example.com'],
  ['Olivia Johnson', 'olivia.johnson@Example.com'],
  ['Pedro Alves', 'Pedro.Alves@Example.com'],
  ['Qing Zhao', 'qing.zhao@example.com'],
  ['Rachel Cohen', 'Rachel.Cohen@Example.com'],
  ['Samuel Mensah', 'samuel.mensah@example.com'],
  ['Tomás Novák', 'Tomas.Novak@Example.com'],
  ['Ulla Nielsen', 'ulla.nielsen@example.com'],
  ['Victor Lefèvre', 'Victor.Lefevre@Example.com'],
  ['Wei Chen', 'wei.chen@example.com'],
  ['Ximena Flores', 'Ximena.Flores@example.com'],
  ['Yusuf Demir', 'yusuf.demir@Example.com'],
  ['Zoe Williams', 'Zoe.Williams@Example.com'],
  ['Aarav Shah', 'aarav.shah@example.com'],
  ['Beatriz Costa', 'Beatriz.Costa@Example.com'],
  ['Conor Walsh', 'conor.walsh@example.com'],
  ['Dalia Nasser', 'Dalia.Nasser@Example.com'],
  ['Emil Lindqvist', 'emil.lindqvist@example.com'],
  ['Fatima Zahra', 'Fatima.Zahra@Example.com'],
  ['Gabriel Moreau', 'gabriel.moreau@example.com'],
  ['Hana Kim', 'Hana.Kim@Example.com'],
  ['Ivan Horvat', 'ivan.horvat@example.com'],
  ['Julia Nowak', 'Julia.Nowak@Example.com'],
  ['Kenji Sato', 'kenji.sato@example.com'],
  ['Lucía Fernández', 'Lucia.Fernandez@Example.com'],
  ['Mateo Romero', 'mateo.romero@example.com'],
  ['Nadia Benali', 'Nadia.Benali@Example.com'],
  ['Oscar Berg', 'oscar.berg@example.com'],
  ['Priya Nair', 'Priya.Nair@Example.com'],
  ['Rafael Souza', 'rafael.souza@example.com'],
  ['Sofia Andersson', 'Sofia.Andersson@Example.com'],
  ['Thomas Müller', 'thomas.muller@example.com'],
  ['Uma Patel', 'Uma.Patel@Example.com'],
  ['Valentina Ricci', 'valentina.ricci@example.com'],
  ['William Brown', 'William.Brown@Example.com'],
  ['Yara Haddad', 'yara.haddad@example.com'],
  ['Zhang Wei', 'Zhang.Wei@Example.com'],
];

/** Organization roles, weighted towards the everyday ones. */
const orgRoles = ['admin', 'create', 'create', 'edit', 'edit', 'edit', 'review', 'comment', 'read', 'read'];

/** [person index, team role]: 20 engineers (3 owners), 8 designers (1 owner), 2 in both. */
const engineering: readonly (readonly [number, TeamMemberRole])[] = [
  [0, 'owner'], [1, 'member'], [3, 'member'], [5, 'owner'], [6, 'member'],
  [7, 'member'], [9, 'member'], [10, 'member'], [13, 'member'], [16, 'member'],
  [18, 'member'], [22, 'owner'], [24, 'member'], [26, 'member'], [28, 'member'],
  [30, 'member'], [34, 'member'], [36, 'member'], [40, 'member'], [44, 'member'],
];
const design: readonly (readonly [number, TeamMemberRole])[] = [
  [2, 'owner'], [4, 'member'], [11, 'member'], [17, 'member'],
  [25, 'member'], [33, 'member'], [1, 'member'], [22, 'member'],
];

/** Glossary terms; not every entry has every language. */
const glossaryTerms: readonly Record<string, string>[] = [
  { en: 'Change request', fr: 'Demande de modification', de: 'Änderungsanfrage', es: 'Solicitud de cambio', 'pt-BR': 'Solicitação de alteração', ja: '変更リクエスト' },
  { en: 'Space', fr: 'Espace', de: 'Bereich', es: 'Espacio', 'pt-BR': 'Espaço', ja: 'スペース' },
  { en: 'Sign in', fr: 'Se connecter', de: 'Anmelden', es: 'Iniciar sesión', ja: 'サインイン' },
  { en: 'Dashboard', fr: 'Tableau de bord', de: 'Dashboard', 'pt-BR': 'Painel' },
  { en: 'Release notes', fr: 'Notes de version', de: 'Versionshinweise', es: 'Notas de la versión', 'pt-BR': 'Notas de versão' },
  { en: 'Workspace', de: 'Arbeitsbereich', ja: 'ワークスペース' },
  { en: 'Invoice', fr: 'Facture', de: 'Rechnung', es: 'Factura', 'pt-BR': 'Fatura', ja: '請求書' },
  { en: 'Team', fr: 'Équipe', de: 'Team', es: 'Equipo', 'pt-BR': 'Equipe', ja: 'チーム' },
  { en: 'Pull request', fr: 'Pull request', es: 'Pull request' },
  { en: 'Glossary', fr: 'Glossaire', de: 'Glossar', es: 'Glosario', 'pt-BR': 'Glossário', ja: '用語集' },
];

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Service-looking opaque ids (20 alphanumerics), deterministic from a seeded generator. */
function opaqueIds(count: number, seed: number, length: number, alphabet = idAlphabet): string[] {
  const random = mulberry32(seed);
  const ids = new Set<string>();
  while (ids.size < count) {
    let id = '';
    for (let i = 0; i < length; i++) id += alphabet[Math.floor(random() * alphabet.length)];
    ids.add(id);
  }
  return [...ids];
}

function demoUsers(): SandboxUser[] {
  const random = mulberry32(2024);
  const ids = opaqueIds(people.length, 7, 20);
  return people.map(([displayName, email], i) => {
    const id = ids[i] as string;
    const joined = Date.UTC(2021, 0, 4) + Math.floor(random() * 1200) * 86_400_000;
    const seen = Date.UTC(2025, 5, 1) + Math.floor(random() * 120) * 86_400_000 + Math.floor(random() * 86_400) * 1000;
    return {
      id,
      displayName,
      email,
      photoURL: `https://avatars.example.com/${id}.png`,
      // The first user is always an admin; the rest draw from the weighted list.
      role: i === 0 ? 'admin' : (orgRoles[Math.floor(random() * orgRoles.length)] as string),
      disabled: i === 47 || i === 48,
      joinedAt: new Date(joined).toISOString(),
      lastSeenAt: new Date(seen).toISOString(),
      sso: i % 3 === 0,
      spaces: Math.floor(random() * 12),
      sites: Math.floor(random() * 4),
    };
  });
}

/** Creates organization `acme`, its 50 users and its two teams (no members). */
function seedOrganization(store: SandboxStore): SandboxUser[] {
  store.createOrganization(demoOrganizationId);
  const users = demoUsers().map((u) => store.addUser(demoOrganizationId, u));
  for (const [teamId, title] of demoTeams) store.createTeam(demoOrganizationId, teamId, title);
  return users;
}

/**
 * Translations of the demo spaces: [id, source space, source language, target language, runs].
 * Targets are languages the demo glossary has (de, fr, ja, pt-br) and one it has not (ko), so a
 * glossary change touches some and not others.
 */
const demoTranslations: readonly (readonly [string, string, string, string, number])[] = [
  ['tr-api-de', 'space-api', 'en', 'de', 3],
  ['tr-api-fr', 'space-api', 'en', 'fr', 2],
  ['tr-api-ja', 'space-api', 'en', 'ja', 1],
  ['tr-guidelines-pt-br', 'space-guidelines', 'en', 'pt-br', 4],
  ['tr-changelog-ko', 'space-changelog', 'en', 'ko', 0],
];

function seedTranslations(store: SandboxStore): void {
  demoTranslations.forEach(([id, space, from, to, runs], i) => {
    const created = new Date(Date.UTC(2025, 3, 1, 9, 0, 0) + i * 86_400_000).toISOString();
    const lastRun = runs > 0 ? new Date(Date.UTC(2025, 5, 2, 8, 0, 0) + i * 3_600_000).toISOString() : undefined;
    store.translations.add(demoOrganizationId, {
      id,
      source: { space, language: from },
      language: to,
      createdAt: created,
      updatedAt: lastRun ?? created,
      runs,
      ...(lastRun === undefined ? {} : { lastRunAt: lastRun }),
      words: 1200 + i * 350,
      pages: 8 + i * 3,
    });
  });
}

/** The demo organization's SAML provider: SSO sign-ins join Platform Engineering, as `read`. */
const demoSaml = {
  id: 'saml-okta',
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1acme',
  ssoURL: 'https://acme.okta.example.com/app/sso/saml',
  certificate: 'MIIDpDCCAoygAwIBAgIGAYacme',
  defaultTeam: 'engineering',
  defaultRole: 'read',
  status: 'active',
  createdAt: '2025-02-03T10:00:00.000Z',
} as const;

/** Fills `store` with a seed. */
function applySeed(store: SandboxStore, seed: SeedName): void {
  store.batch(() => {
    const users = seedOrganization(store);
    seedAccess(store, demoOrganizationId, users, seed !== 'empty');
    if (seed === 'empty') return;
    const members = (list: typeof engineering) =>
      list.map(([index, role]) => ({ userId: (users[index] as SandboxUser).id, role }));
    store.setTeamMembers(demoOrganizationId, 'engineering', members(engineering));
    store.setTeamMembers(demoOrganizationId, 'design', members(design));
    seedAudit(store, demoOrganizationId, users);
    seedTranslations(store);
    store.saml.set(demoOrganizationId, [demoSaml]);
    const entryIds = opaqueIds(glossaryTerms.length, 11, 16, 'abcdefghijklmnopqrstuvwxyz0123456789');
    glossaryTerms.forEach((translations, i) => {
      const created = new Date(Date.UTC(2025, 2, 10, 9, 0, 0) + i * 3_600_000).toISOString();
      store.addGlossaryEntry(demoOrganizationId, {
        id: `ge_${entryIds[i] as string}`,
        translations,
        createdAt: created,
        updatedAt: created,
      });
    });
  });
}

/** A new store filled with a seed. */
export function seededStore(seed: SeedName = 'demo'): SandboxStore {
  const store = new SandboxStore();
  applySeed(store, seed);
  return store;
}
