// A team just created by an organization roster's run (`teamctl help rosters`, "Many teams from one
// roster"): the members its creation brought in are reported as added, by the members domain that
// fills the team, so its summary, JSON, CSV and Markdown agree.
import type { CurrentMember, MembersPlan } from '../plan/members.js';
import type { MembersReport, ReportRow } from './report.js';

/** The members a team's creation brought in (`teamctl help rosters`, "Many teams from one roster"). */
export interface Creation {
  joined: readonly CurrentMember[];
  /** Set when the creation's answer was lost and the listing found the team. */
  note: string;
}

/**
 * A created team's report and rows: the members its creation brought in are added (first), not
 * unchanged; one the fill then made an owner is also in roleChanged, as the requests were.
 */
export function withCreation(plan: MembersPlan, report: MembersReport, rows: readonly ReportRow[], creation: Creation): { report: MembersReport; rows: ReportRow[] } {
  const ids = new Set(creation.joined.map((m) => m.id));
  const promoted = new Set(plan.roleChanges.map((c) => c.user.id));
  const message = `as member, with the team's creation${creation.note ? ` (${creation.note})` : ''}`;
  const status = creation.note ? null : 201;
  return {
    report: {
      ...report,
      added: [...creation.joined.map((m) => ({ id: m.id, email: m.email })), ...report.added],
      unchanged: report.unchanged - creation.joined.filter((m) => !promoted.has(m.id)).length,
    },
    rows: [
      ...creation.joined.map((m): ReportRow => ({ user: { id: m.id, email: m.email }, action: 'add', outcome: 'added', status, message })),
      ...rows.filter((r) => !(r.action === 'none' && r.user.id !== null && ids.has(r.user.id))),
    ],
  };
}
