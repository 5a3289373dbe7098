// An access file's rows as the access it asks for (README, "Access"): each resource, team and
// user looked up by its id, title or e-mail in the directory read once for the run. An unknown
// name, a title two resources share, and a grant or general access named twice with two roles are
// problems of the file, each naming its line (exit 2, nothing sent).
import { InputFileError, type FileProblem } from '../errors.js';
import type { AccessFile } from '../files/access.js';
import { grantKey, levelName, resourceKey, type AccessResource, type DefaultLevel, type Grant } from '../model/access.js';
import { findResource, findTeam, findUser, type Directory } from './directory.js';

/** The access a file asks for: its grants, general access levels, and the resources it names. */
export interface DesiredAccess {
  grants: (Grant & { line: number })[];
  general: { resource: AccessResource; level: DefaultLevel; line: number }[];
  /** Every resource a row names: what --prune revokes on. */
  resources: AccessResource[];
}

export function desiredAccess(file: AccessFile, directory: Directory): DesiredAccess {
  const problems: FileProblem[] = [];
  const problem = (line: number, message: string): void => void problems.push({ file: file.file, line, message });
  const grants = new Map<string, Grant & { line: number }>();
  const general = new Map<string, DesiredAccess['general'][number]>();
  const resources = new Map<string, AccessResource>();
  for (const row of file.rows) {
    const resource = findResource(directory, row.kind, row.resource);
    if (!resource.ok) {
      problem(row.line, resource.problem);
      continue;
    }
    resources.set(resourceKey(resource.value), resource.value);
    if (row.subject.kind === 'everyone') {
      const key = resourceKey(resource.value);
      const seen = general.get(key);
      if (seen && seen.level !== row.level) problem(row.line, `the general access of ${row.kind} ${JSON.stringify(row.resource)} is ${levelName(seen.level)} on line ${seen.line}`);
      else if (!seen) general.set(key, { resource: resource.value, level: row.level, line: row.line });
      continue;
    }
    const subject = row.subject.kind === 'team' ? findTeam(directory, row.subject.name) : findUser(directory, row.subject.name);
    if (!subject.ok) {
      problem(row.line, subject.problem);
      continue;
    }
    const grant = { resource: resource.value, subject: subject.value, role: row.level === 'inherit' ? null : row.level, line: row.line };
    const seen = grants.get(grantKey(grant));
    if (seen && seen.role !== grant.role) problem(row.line, `${row.subject.kind} ${JSON.stringify(row.subject.name)} is given ${levelName(seen.role)} on ${row.kind} ${JSON.stringify(row.resource)} on line ${seen.line}`);
    else if (!seen) grants.set(grantKey(grant), grant);
  }
  if (problems.length > 0) throw new InputFileError(problems.slice(0, InputFileError.maxListed), problems.length);
  return { grants: [...grants.values()], general: [...general.values()], resources: [...resources.values()] };
}
