// `teamctl help access`: who may read or edit each space, collection and site.
export const text = `# Access: spaces, collections and sites

\`access list -o csv\` writes one row a grant: \`resource\` (\`space:\`, \`collection:\`
or \`site:\` then an id or a title), \`team\` (id or title) or \`user\` (e-mail or
id), and \`role\`: admin, create, edit, review, comment, read, or guest (the
service's null role). A title two resources share is refused: use the id.

**General access** is a row with \`*\` in \`team\`: the role every member of the
organization has there, or \`inherit\` (the collection's) or \`guest\` (none).

\`\`\`csv
resource,team,user,role
space:Handbook,*,,inherit
space:Handbook,Design,,edit
site:Docs,,ann@example.com,read
\`\`\`

Listed are the grants given on a resource itself: a space in a collection also
has the collection's, which are not repeated. \`--team\` takes the flag only,
never TEAMCTL_TEAM or the config key.`;
