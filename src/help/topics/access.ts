// `teamctl help access`: who may read or edit each space, collection and site.
export const text = `# Access: spaces, collections and sites

An access file (\`access list -o csv\` writes one) has a grant a row: \`resource\`
(\`space:\`, \`collection:\` or \`site:\`, then an id, or a title no other shares),
\`team\` (id or title) or \`user\` (e-mail or id), and \`role\`: admin, create,
edit, review, comment, read or guest (none). \`*\` in \`team\` makes the row the
resource's **general access**: every member's role there, or \`inherit\`.
\`access sync <file>\` changes what it has; README's "Access" says the rest.

**Safe readings.** \`inherit\` brings a collection's grants to what is in it: not
listed, not drift. A site's grant never becomes guest (its PATCH takes a role).
A user grant may notify: never sent twice (a lost answer is settled by listing).`;
