// `teamctl help glossary-files`: Glossary files.
export const text = `# Glossary files

## Glossary file layouts

\`glossary import\` and \`sync\` read a CSV, semicolon or tab-separated file, an
\`.xlsx\`, or TBX. In a delimited file, each header cell is:

- **a language**: a tag such as \`en\`, \`pt-BR\`, \`zh-Hant\`, \`es-419\` (\`de_DE\`
  is \`de-DE\`), in any case, or a key the glossary already uses (\`xx-brand\`);
- **the entry id**: \`id\`, any case (write Indonesian as \`id-ID\`);
- **a term status**: \`status\`, \`forbidden\`, or \`Status [en]\` for one
  language (see "Term status");
- **metadata, ignored with one warning**: \`pos\`, \`description\`, \`note\`,
  \`comment\`, \`context\`, \`domain\`, \`translatable\`, \`tags\`, \`type\`, … and
  their per-language forms (\`Description [en]\`, \`comment_de\`);
- **terms in a language it does not say** (\`source\`, \`term\`): \`--languages\`;
- **a language by name** (ICU's names): \`English\`, \`Magyar\`, \`Angol\` beside
  \`Magyar\`, \`English_word\`, \`english_name\`; \`*_descr\` columns are metadata.
- **other columns** are refused: \`--ignore-columns Category,Notes\` skips them.

Rows of notes above the header (up to five; below more, \`--header-row N\`, the
line the refusal names) and rows whose only cell starts with \`#\` are skipped
with a warning. A JSON object of \`term: translation\` pairs: \`--languages en,de\`.

| tool | header | read as |
|---|---|---|
| teamctl, spreadsheets | \`id,en,fr,de\` | as written |
| Google, GlotPress | \`en,de,pos,description\` | \`en\`, \`de\` |
| Crowdin export | \`Term [en],Status [en],Term [de]\` | \`en\`, \`de\` |
| Crowdin upload | \`Term:English,Term:German\` | \`en\`, \`de\` |
| Transifex | \`term,pos,translation_de\` | \`--languages en\` |
| Weblate | \`source,target,context\` | \`--languages en,de\` |
| headerless list | \`hermosa,belle\` | \`--languages es,fr\` |
| DeepL | \`bank,Bank,EN,DE\` | by its codes |
| Phrase | \`term,description,en,de\` | \`en\`, \`de\` |
| Lokalise | \`term;forbidden;en;de_DE\` | \`en\`, \`de-DE\` |

A \`tsv-pair\` export is read back with \`--languages\` naming its columns; a DeepL
file by its codes (\`EN\` is the glossary's English key when it has one).

**Refused, and what reads it.** A header that does not say which column holds
which language is refused (exit 2, nothing sent), naming the layout it looks
like and the \`--languages\` that reads it (the table above); \`AI,IA\` is never
taken for languages. A header that names them refuses \`--languages\`.

## Keys the translation feature reads

The feature reads 39 languages: en fr de es it pt pt-br ru ja zh zh-tw yue ko
ar hi nl pl tr sv no da fi el cs hu ro th vi id ms he uk sk bg hr lt lv et sl.
\`import\` and \`sync\` send a key in that spelling (\`pt-BR\` as \`pt-br\`). Other
keys (\`de-DE\`, \`zh-Hant\`, \`nb\`) are not sent: a warning names the nearest
and \`--map-language de-DE=de,zh-Hant=zh-tw\` (repeatable); \`--strict-languages\`
refuses them (exit 2). The key language must be one of the 39. Entries match in
any case; \`sync --rewrite-keys\` moves every entry to these keys in place.

## Glossary lint

\`glossary lint [file]\`: a file as \`import\` reads it, or the live glossary.
Errors, which \`sync --lint\` refuses: duplicates, empty entries, terms past the
limits, forbidden terms in use, what \`import\` refuses. Warnings: case variants,
homonyms, unread keys, a term left as its source on a translatable row.

\`\`\`console
$ teamctl glossary lint terms.csv           # each finding: its line and a fix
\`\`\`

## Term status

A term marked **forbidden, deprecated, obsolete or superseded** (any layout) is
left out of its language only; a row left with no term is dropped; one warning
per kind counts them. Preferred and admitted terms are read, preferred first.
The values, in any case: TBX's
(\`preferredTerm-admn-sts\`, \`deprecatedTerm-admn-sts\`, …), Crowdin's \`not
recommended\` and \`rejected\`, Phrase's \`approved\` and \`new\`; a \`forbidden\`
column says forbidden with \`true\`, \`1\`, \`yes\` or \`x\`. An unknown value keeps
its term, with a warning. In \`glossary sync\`, a term left out
counts as an empty cell: that translation is removed from the matching entry.

## Checks and the plan

The whole file is checked before anything is sent; every problem is listed with
its file and line (up to 50), and the run exits 2: an unknown or duplicate
header cell, a key twice in one JSON object, a row with more cells than the
header or no translation, a translation over 255 characters or with a line
break, two rows with the same key term (homonyms: the message suggests \`--key\`
with another language) or id but other translations. Identical rows are merged.

Each row is compared with the glossary after trimming and Unicode NFC
normalisation (\`café\` typed on a Mac matches \`café\` from Windows):

| row | becomes |
|---|---|
| same translations as an entry | \`present\`: skipped |
| the \`id\` of an entry | \`update\` of that entry |
| its key term is an entry's, which holds the whole row | \`present\` |
| its key term is an entry's, other translations | a **conflict** |
| anything else | \`insert\` |

The key term is the row's \`--key\` language (default: the first language
column), matched case-sensitively (\`bank\` and \`Bank\` are two entries; a
warning names such variants). \`--on-conflict\`: \`skip\` (default; listed on
stderr and in the report), \`update\` (the entry gets the row's translations,
unless that would be a guess) or \`insert\` (a new entry anyway). A row whose
\`id\` the glossary lacks (another organization's export) is planned by its
translations, with a warning.

**Duplicates already there** (the same translations, or for \`import\` the same
key term, on several entries) get a warning with the \`glossary delete\` command
that removes them; \`glossary sync --prune\` cleans key-term duplicates itself.

## Applying and reports

Operations go in batches (\`--batch-size\`, at most 1000), one request at a
time. A batch refused as too large (413) is halved; one rejected (400) is split
so that only the bad operation fails. A batch whose outcome is unknown is never
sent again blindly (\`teamctl help reliability\`). A last listing checks the
result.

\`--dry-run\` prints the plan and sends nothing:

\`\`\`
  + insert  line 2: en=bank, fr=banque, de=Bank
  ~ update  ge_8m7n1xckxrwizldt line 4: fr: Equipe → Équipe
  ! conflict line 6: en term "Space" matches entry ge_gjonuevup421lwjc, …
1 to insert, 1 to update, 1 unchanged, 1 conflict (skipped)
\`\`\`

After a run, stderr ends with \`glossary import: 248 inserted, 1 updated, 0
unchanged, 1 conflict (skipped), 0 failed\`; \`--json\` prints the report:

\`\`\`json
{"dryRun":false,"inserted":248,"updated":1,"present":0,
 "conflicts":[{"line":6,"key":"Space","existingId":"ge_gjonuevup421lwjc"}],
 "failed":[{"line":9,"status":400,"message":"no entry with id \\"ge_x\\""}],
 "unknown":[]}
\`\`\`

\`unknown\` lists the operations sent whose answer was lost and that the last
listing did not show: the service may still apply them (exit 6; \`teamctl help
exit-codes\`). Skipped conflicts are not failures.

## Glossary files: limits, encoding and quoting

- A translation is 1–255 characters, counted as Unicode code points (an emoji
  is 1). Only LF and CR are line breaks.
- Every input file (glossary, roster, user list) is UTF-8, with or without a
  BOM, or UTF-16 with its BOM (Excel's "Unicode text", MultiTerm). A file that
  is not is refused on the line of its first bad byte, with the fix, e.g.
  \`glossary.csv:3: not valid UTF-8 (byte 0xE9 on this line; saved as
  Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8")\`.
- \`--encoding <label>\` reads a CSV or TSV in another encoding (\`windows-1252\`,
  \`shift_jis\`, …). In a TSV a quote inside a cell is a character. An unclosed
  quote is reported where it opens.
- A file holds at most 100,000 entries and 32,000,000 characters; a CSV, TSV
  or JSON file is read up to 40 MB, any other up to 100 MB. A file past them
  is refused on its first row past them (exit 2): split it and import the parts.

## Spreadsheets (.xlsx)

\`glossary import|sync\`, \`members sync --roster|--add-file|--remove-file\` and
\`members offboard --file\` also read an \`.xlsx\`: the first sheet, or
\`--sheet <name>\`, through the same layouts and checks as a CSV (a problem is
located as \`book.xlsx:Sheet1!12\`). A cell is read as the text Excel shows. A
formula is never evaluated: its cached value is read; one without, an error
value (\`#N/A\`), an encrypted workbook, an \`.xls\` and a damaged file are
refused (exit 2). Bounds: 100 MB, 5,000,000 cells, Excel's rows and columns.

## Exports that import back

\`glossary export --excel\` puts a \`'\` before cells that start with \`=\` \`+\`
\`-\` \`@\` (or a tab or CR), so a spreadsheet does not run them; the import takes
it off again. CSV carries only language keys (and \`id\`): other keys are left
out with a warning; \`--format json\`, \`ndjson\` and \`tbx\` carry every key.

## From a CAT tool: TBX in and out

\`\`\`console
$ teamctl glossary import memoq-export.xml --dry-run       # a CAT tool's TBX
\`\`\`

TBX is read by the extension (\`.tbx\`, \`.xml\`) or by a first character \`<\`;
\`export --format tbx\` writes TBX-Basic, and syncing it back changes nothing.
Read: TBX-Basic v3 (DCA and DCT styles), TBX 2008 (\`martif\`, from memoQ,
Pontoon, Weblate) and SDL MultiTerm XML. One concept is one row, its languages
the columns; \`--key\` defaults to the first language met, and every check of
the CSV format applies on the concept's line.

- A concept's id is the entry id only in a file teamctl exported, so an export
  round trip updates the same entries; a CAT tool's ids are ignored.
- Several terms for a language: the preferred one is imported, the others named
  in a warning; so are definitions, notes and other fields the glossary cannot
  hold (the first 20 concepts of each kind). Term status: "Term status" above.
- UTF-8 or UTF-16 with a BOM; a file declaring another encoding is read only
  while it is ASCII, and refused at its first other byte with the fix (\`iconv
  -f windows-1254 -t UTF-8\`).
- A DOCTYPE naming an external DTD is accepted (the DTD is never fetched); one
  declaring entities is refused, as is XML that is not well-formed, a language
  section without \`xml:lang\`, a term outside any language, or a file with no
  concept (exit 2, with the line).
`;
