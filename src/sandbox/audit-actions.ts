// The audit actions the sandbox records (GET …/audit-event-actions), and which write records
// which (README, sandbox). The published document lists no action names: these are the sandbox's
// choice, one per kind of write it takes, named `<what>.<change>`.
export const auditActions = {
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.deleted': 'Team deleted',
  'team.members_updated': 'Team members updated',
  'team.member_added': 'Team member added or role changed',
  'team.member_removed': 'Team member removed',
  'member.role_updated': 'Organization role changed',
  'member.removed': 'Member removed from the organization',
  'member.removal_requested': 'Removal from the organization requested',
  'member.invited': 'User invited to the organization',
  'member.sso_set': 'Member set as an SSO member',
  'glossary.entry_created': 'Glossary entry created',
  'glossary.entry_updated': 'Glossary entry updated',
  'glossary.entry_deleted': 'Glossary entry deleted',
  'content.general_access_updated': 'General access of a space, collection or site changed',
  'content.permissions_granted': 'Access to a space, collection or site granted',
  'content.team_permission_updated': "A team's access changed",
  'content.team_permission_removed': "A team's access removed",
  'content.user_permission_updated': "A user's access changed",
  'content.user_permission_removed': "A user's access removed",
} as const;

export type AuditAction = keyof typeof auditActions;
