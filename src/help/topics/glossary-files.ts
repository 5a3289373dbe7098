// `teamctl help glossary-files`: Glossary files.
export const text = `# Glossary files

## Glossary file layouts

One recogniser reads every delimited glossary file's header
(\`src/files/glossary/header.ts\`); each layout below is one module of
\`src/files/glossary/\` (its columns and how it is recognised, listed in
\`registry.ts\`), and every layout's rows go through the same checks. A header
cell is:

- **a language** when it is a language tag ICU knows (\`Intl.DisplayNames\`: \`en\`,
  \`fr\`, \`pt-BR\`, \`zh-Hant\`, \`es-419\`; written with underscores, \`de_DE\`,
  \`pt_BR\`, it is read as BCP 47 in its canonical case, \`de-DE\`, \`pt-BR\`, here,
  in \`--languages\`, \`--key\` and \`xml:lang\` alike, and matched case-insensitively
  against the glossary's keys), or a layout's language column — or a key with
  subtags ICU cannot name (\`xx-brand\`) that the organization's glossary already
  uses, so an export re-imports whatever keys the service holds (checked once
  the glossary is read; otherwise refused, exit 2);
- **the entry id**: \`id\`, any case;
- **a term status**: \`status\` (Phrase TMS, any export), \`forbidden\` (Lokalise)
  for every term of its row, \`Status [en]\` (Crowdin; also \`Status:English\`,
  \`status_en\`) for that language's term: read by the term-status rule below;
- **metadata, ignored with one warning naming them**: \`pos\`, \`part of speech\`,
  \`description\`, \`definition\`, \`note(s)\`, \`comment(s)\`, \`context\`,
  \`developer_comments\`, \`domain\`, \`translatable\`, \`case sensitive\`, \`tags\`,
  \`type\`, \`gender\`, … and their per-language forms (\`Description [en]\`,
  \`Part:English\`, \`comment_de\`). A term Lokalise or Phrase marks not
  translatable (\`translatable\` false) is read as written, never dropped;
- **terms in a language the header does not say** (\`source\`, \`target\`, \`term\`):
  \`--languages\` names it;
- **a language by name**, as spreadsheets head their columns: in English
  (\`English\`, \`Korean\`), in the language itself (\`Magyar\`, \`Deutsch\`) or in a
  language the header's other cells name (\`Angol\` beside \`Magyar\`), with the
  suffixes spreadsheets add (\`English_word\`, \`english_name\`, \`_term\`); ICU's
  display names, not a table of teamctl's own. Their \`*_description\` and
  \`*_descr\` columns are metadata.

**Notes, comments, JSON maps.** A header of language columns may follow up to
five rows of notes (a spreadsheet's instructions), skipped with a warning. A row
whose only non-empty cell starts with \`#\` is a comment (GlotPress), skipped
with one warning that counts them. A JSON object of \`term: translation\` pairs
(\`{"bank": "Bank"}\`) is read with \`--languages en,de\` (the terms' language,
then the translations'), or refused saying so.

| tool | header | read as |
|---|---|---|
| teamctl, spreadsheets | \`id,en,fr,de\` | as written |
| Google equivalent-term sets, GlotPress | \`en,de,pos,description\` | \`en\`, \`de\`; \`pos\`, \`description\` ignored (one warning) |
| Crowdin export | \`Term [en],Description [en],Part of Speech [en],Status [en],Term [de]\` | \`en\`, \`de\`; \`Status [en]\` the status of the \`en\` term |
| Crowdin upload scheme | \`Term:English,Description:English,Part:English,Term:German\` | \`en\`, \`de\` (English language names through ICU: \`Term:Brazilian Portuguese\` is \`pt-BR\`, \`Term:Romanian\` is \`ro\` — a name is always its current tag, never a deprecated one ICU also names, like \`mo\`) |
| Transifex | \`term,pos,comment,translation_de,comment_de\` | \`--languages en\` (or \`en,de\`): \`en\`, \`de\` |
| Weblate | \`source,target,context,developer_comments\` | \`--languages en,de\` |
| DeepL, Google unidirectional, Okapi lists | no header: \`hermosa,belle\` | \`--languages es,fr\`; without it refused, saying so |
| DeepL export (and \`export --format deepl\`) | no header: \`bank,Bank,EN,DE\` | by its codes, no flag needed: each line's codes must be line 1's; a code is the glossary's key of that language (\`EN\` is \`en-US\` when that is the glossary's one English key), else the code in lower case; a code that stands for several keys (\`en-US\` and \`en-GB\`) is refused, naming \`--languages\`; \`--languages en-US,de\` names the keys instead |
| Phrase term base | \`term,description,translatable,case sensitive,en,de,fr\` | \`en\`, \`de\`, \`fr\`; \`term\` is the base language's term: it fills that language's empty cells (the base is the column that repeats it; when none does, \`--languages en\` names it, and a cell that differs from the term is refused); \`status\` (Phrase TMS) the status of the row's terms; a file with only \`term\`: \`--languages en\` |
| Lokalise (\`;\` or \`,\`) | \`term;description;casesensitive;translatable;forbidden;tags;en;de_DE\` | \`en\`, \`de-DE\`; \`term\` as Phrase's (Lokalise's export leaves the base language's own column empty); \`forbidden\` the status of the row's terms; only \`term\`: \`--languages en\` |
| any of the above | a \`status\` or \`forbidden\` column | the status of the row's terms |

**Refused, and what reads it.** A file is refused (exit 2, nothing sent) when
its header does not say which column holds which language; the message names the
layout the first line looks like and the flag or edit that reads it:

| the file | the message says | what reads it |
|---|---|---|
| Weblate \`source,target,…\` | "it looks like a Weblate glossary CSV" | \`--languages en,de\` |
| Transifex \`term,…,translation_de\` | "it looks like a Transifex glossary" | \`--languages en\` (the \`term\` column's language) |
| Phrase \`term,description,translatable,case sensitive\` (no language column) | "it looks like a Phrase term base" | \`--languages en\` (the \`term\` column's language) |
| Lokalise \`term;description;casesensitive;translatable;forbidden;tags\` (no language column) | "it looks like a Lokalise glossary" | \`--languages en\` |
| a list without a header (\`hermosa,belle\`) | "a glossary without a header (DeepL, Google unidirectional, a two-column list)" | \`--languages\` naming each column, \`es,fr\` |
| Crowdin \`Term [Klingonish]\` / \`Term:Elvish\` | "is a term column of a Crowdin glossary export, but … is no language ICU knows" | a language tag or English name there (\`Term [de]\`, \`Term:German\`) |
| Crowdin with a column of no known kind | "it looks like a Crowdin glossary export" | remove the column |
| a header cell that is none of the above | "is no language ICU knows, nor a metadata column teamctl knows" | remove it; or, if line 1 is no header, \`--languages\` |

## Term status

One rule for every layout, TBX's as the reference: a term marked **forbidden,
deprecated, obsolete or superseded** is left out of its language only — the rest
of its row or concept is read, and a row left with no term is dropped. One
warning per kind counts them (naming the first five with their lines). Preferred
and admitted terms are read (a preferred one first, when a TBX language has
several). The values, in any case: TBX's (\`preferredTerm-admn-sts\`,
\`admittedTerm-admn-sts\`, \`deprecatedTerm-admn-sts\`, \`supersededTerm-admn-sts\`,
\`standardizedTerm\`, …, in \`administrativeStatus\`, \`normativeAuthorization\` or
\`usageStatus\`), the words themselves, Crowdin's \`not recommended\` (deprecated),
\`rejected\` (forbidden), Phrase TMS's \`approved\` and \`new\` (read), an empty cell
(read); a boolean column such as \`forbidden\` says forbidden with \`true\`, \`1\`,
\`yes\`, \`x\` and nothing with \`false\`, \`0\`, \`no\` or an empty cell. A value teamctl
does not know keeps its term, with a warning naming it. It applies to TBX and
MultiTerm (\`termNote\`, \`descrip\`, \`admin\` or \`note\` of those types, or DCT's
elements), Crowdin's \`Status [lang]\`, Phrase's \`status\`, Lokalise's \`forbidden\`,
and a plain \`status\` or \`forbidden\` column. In \`glossary sync\` a term left out
counts as an empty cell: that translation is removed from the matching entry.

**A first line that is not such a header is not a header.** \`AI,IA\` or \`CEO,PDG\`
(a headerless list whose first pair happens to look like codes) is refused with
exit 2 and the hint to name the languages with \`--languages en,de\` — never read
as the languages \`AI\` and \`IA\`. \`--languages\` takes tags ICU knows, in the order
of the file's term columns (all of them, or only those without a language); with
a header that names its languages it is refused.

The whole file is checked before anything is sent; every problem is listed with
its file and line (up to 50) and the run exits 2 with nothing sent: a header
cell that is none of the above, a duplicate header (two status columns of the
same terms included), a key twice in one object of a JSON or NDJSON file (JSON
keeps only the last), a row with more cells than the header, a row with no
translation, a translation over 255 characters (code
points, as the service counts) or with a line break (LF or CR), two rows with
the same key term but other translations (homonyms: the message suggests \`--key\`
with another language of the file), two rows with the same id but other
translations. Identical rows are merged with a warning. \`id\` (any case) is
always the id column: write Indonesian as \`id-ID\` or \`ind\`, which are read as
Indonesian. When no id in a file's \`id\` column is an entry of the glossary
(Indonesian terms under \`id\`, say), a warning says so and names \`id-ID\`. In TBX
and MultiTerm, \`xml:lang="id"\` is Indonesian (an xml:lang is always a language);
such a key cannot be a CSV column of \`glossary export\` (use \`--format tbx\` or
json).

**The plan.** The whole glossary is read first, then each row is compared with
it, after trimming and Unicode NFC normalisation on both sides (so \`café\` typed
on a Mac matches \`café\` from Windows); language keys compare case-insensitively
and keep the glossary's spelling.

| row | becomes |
|---|---|
| same translations as an entry | \`present\` — skipped |
| has an \`id\` of an entry | \`update\` of that entry (\`present\` if it changes nothing) |
| its \`--key\` term (default: the first language column) is an entry's, and that entry holds every translation of the row (the file covers fewer languages) | \`present\` |
| its \`--key\` term is an entry's, other translations | a **conflict**, see below |
| no \`--key\` term, and an entry without one holds every translation of the row | \`present\` |
| anything else | \`insert\` |

**Case-only variants are never merged silently.** Key terms match
case-sensitively, so \`bank\` and \`Bank\` are two entries: a file with both, or a
row whose key term an entry has only in another case, gets a warning naming the
lines (and the entry), in the plan of \`import\` and \`sync\` alike.

**Which entry a row is** is one rule for \`import\` and \`sync\` alike: the entry
its \`id\` names; else the (oldest) entry with its key term; else — a row with no
term in the key language, like the concepts of a CAT tool with a German term
only — the oldest entry *without* a key term that holds every translation the
row has. So an export of any languages imports back as all present, and a second
\`sync\` of a file it just applied plans nothing (both are property-tested).

\`--on-conflict\` decides what a conflict does:

- \`skip\` (default): nothing is sent for that row; it is listed on stderr and in
  the report's \`conflicts\` with the entry's id.
- \`update\`: the entry is updated in place — its translations plus the row's, the
  row winning. When the choice would be a guess (the key term is on several
  entries, or several rows of the file share it with other translations, or
  another row names that entry by id) the row stays a skipped conflict.
- \`insert\`: a new entry anyway (homonyms).

A row whose \`id\` the glossary does not have (an export from another
organization) gets a warning and is planned by its translations, like a row
without an id — that is what lets an export be imported into another
organization, and imported there again without duplicates.

**Applying.** Operations go in batches (\`--batch-size\`, default 100, at most
1000), one request at a time, with a progress bar when stderr is a terminal. A
batch answered 413 is halved and each half sent again. A batch the service
rejects (400) is split so the good operations still land: the operation the
service names is sent alone, the others together, and only the bad one fails
with the service's message.

The glossary PUT is not idempotent, so a batch is sent again as is only when
nothing can have been processed (the client's retries): the connection was
refused before the request was sent, or a 429. A 503 proves nothing, whatever
its body: an API behind a gateway wraps an upstream reset in its own
\`{"error":{"code":503,…}}\`, and the upstream may already have written. After any
other failure (a timeout, a reset, a 500/502/503/504, an unreadable answer)
teamctl lists the glossary again to work out which of the batch's operations
landed; those count as applied. What had not landed is **never sent again** in
that run: the service may still apply it later. Those rows fail as "outcome
unknown … not re-sent", the rest of the run is not sent, and the import exits 6
(see "Reliability" (\`teamctl help reliability\`) below). Run the import again
later: what landed meanwhile is skipped as present.

A last listing after the run checks the result: a failed operation that turns
out to be in the glossary counts as applied ("landed after all"); a change the
service confirmed but the listing does not show counts as failed, not as
inserted, updated or deleted (so the counts never say both); a duplicate
(someone else inserted the same translations meanwhile) is reported on its line
and makes the exit code 6. When the service refuses work (503/429 after all
retries, 401/403, 404), the rest of the run is not sent; those rows are listed
as failed, "not sent". So a run ends with every row applied, present, a listed
conflict or a listed failure: never a silent duplicate, never a silent loss.

**Duplicates already there.** Entries that duplicate each other — the same
translations on several entries, or (for \`import\`) the same key term — are not
silently counted as "present": a warning names each group, the oldest entry that
would stay, and the command that deletes the others (\`teamctl glossary delete
…\`). \`glossary sync --prune\` cleans key-term duplicates itself.

**What a re-run does.** Everything that landed is now present (unchanged) and is
skipped; only what is missing or changed is sent. Re-running after a failed or
interrupted import finishes it.

**Output.** stderr: the file's warnings, the failed rows and conflicts (the
first 20 of each), and a summary: \`glossary import: 248 inserted, 1 updated, 0
unchanged, 1 conflict (skipped), 0 failed\`. \`--dry-run\` prints the plan instead,
a line per change and per conflict (rows already present are counted as
unchanged; see "Plans at a terminal" (\`teamctl help environment\`)), and sends
nothing:

\`\`\`
  + insert  line 2: en=bank, fr=banque, de=Bank
  ~ update  ge_8m7n1xckxrwizldt line 4: fr: Equipe → Équipe
  ! conflict line 6: en term "Space" matches entry ge_gjonuevup421lwjc, which has other translations; skipped
1 to insert, 1 to update, 1 unchanged, 1 conflict (skipped)
\`\`\`

\`--json\` prints the report on stdout (with \`--dry-run\`: the counts that would
happen, \`dryRun\` true; \`-o ndjson\`: the same on one line):

\`\`\`json
{"dryRun":false,"inserted":248,"updated":1,"present":0,
 "conflicts":[{"line":6,"key":"Space","existingId":"ge_gjonuevup421lwjc"}],
 "failed":[{"line":9,"status":400,"message":"no glossary entry with id \\"ge_x\\""}]}
\`\`\`

\`key\` is the row's key term; \`status\` is null when there was no HTTP answer.

\`--report <file.csv>\` writes one row per file row, even when the run partly
failed (checked writable before anything is sent, written atomically):
\`line,key,action,outcome,entry,status,message\` — \`action\` is \`insert\`, \`update\`
or \`none\`; \`outcome\` is \`planned\` (dry run), \`inserted\`, \`updated\`, \`present\`,
\`conflict\` (skipped) or \`failed\`; \`entry\` is the entry's id when known. A
verification listing that failed is a row of its own with line 0. With
\`--dry-run\`, \`--exit-code\` exits 8 when operations are pending (a drift check),
0 when the glossary already has every row. \`--plan-out <file>\` saves the plan
for \`teamctl apply\` (see "Review, then apply" (\`teamctl help plans\`)). Exit 0
when nothing failed (skipped conflicts are not failures), 6 when some operations
were applied, or may have been (an unknown outcome), and something failed or
could not be verified. When nothing at all was applied, 1 — or 4 / 5 when a
401/403 / 404 stopped the run.

## Glossary files: limits, encoding and quoting

- **Limits match the service's published schema, and are no stricter.** A
  translation is 1–255 characters counted as Unicode code points (the schema's
  \`maxLength\`), so an emoji counts as 1. The count is taken after trimming and
  NFC normalisation. Only LF and CR are line breaks (the schema's pattern is
  \`^[^\\n\\r]*$\`): U+2028, NEL, vertical tab and form feed are ordinary
  characters. So anything the service holds can be exported and imported again.
- **UTF-8, or UTF-16 with a byte order mark.** Every input file (glossary files,
  and also user/roster files) is UTF-8, with or without a BOM, or UTF-16 (either
  byte order) with its BOM — Excel's "Unicode text", MultiTerm's exports. If a
  file has bytes that are not, nothing is sent and the exit code is 2. The error
  names the line of the first bad byte and the fix that fits the file, for
  example \`glossary.csv:3: not valid UTF-8 (byte 0xE9 on this line; saved as
  Windows-1252 or Latin-1?) — save the file as UTF-8 (in Excel: "CSV UTF-8")\`;
  for XML, the advice is about the XML's own encoding (see "From a CAT tool").
  UTF-32 is refused with its own message, and so is a glossary file full of NUL
  characters (UTF-16 without a BOM). \`glossary import|sync --encoding <label>\`
  reads a CSV or TSV in another encoding TextDecoder knows (\`windows-1252\`,
  \`iso-8859-2\`, \`shift_jis\`, …); a glossary file that is not UTF-8 is told to
  use it (\`--encoding windows-1252\`). The encoding (and an XML declaration) is
  read from the file's first 512 bytes, also when a pipe hands them over a few
  at a time (\`--roster <(iconv …)\`).
- **Unclosed quotes.** If a quoted cell is never closed, the error names the
  line where that quote opens, not the end of the file.
- **Tab-separated files are not RFC 4180.** In a TSV (a \`.tsv\`, or a first line
  split by tabs) a quote inside a cell is a character (\`"cohort" theory\`); only
  a cell that starts and ends with a quote is quoted, as Excel writes it
  (\`"say ""hi"" now"\` is \`say "hi" now\`). Rosters alike. A TSV cell holds no
  line break.
- **Empty rows are skipped.** A row whose cells are all empty or whitespace
  (\`,,,,\`, as spreadsheets write below the data) is skipped like a blank line,
  and later line numbers stay right.
- **A file-level problem** such as a missing file is printed as \`file: message\`,
  without a line number.

## Spreadsheets (.xlsx)

\`glossary import|sync\`, \`members sync --roster|--add-file|--remove-file\` and
\`members offboard --file\` also read an \`.xlsx\` (by its name, or a regular file
starting with the zip signature): the first sheet, or \`--sheet <name>\` (exact,
else any case; an unknown name lists the sheets; in \`members sync\` it applies to
every file given, each of which must then be an \`.xlsx\`). Its rows go through
the same layouts and checks as a CSV file; a problem is located as
\`book.xlsx:Sheet1!12\` (sheet and row). Each cell is read as the text Excel
shows: shared and inline strings, \`TRUE\`/\`FALSE\`, numbers and dates in the
cell's number format — General (15 significant digits), \`0\`, \`0.00\`, \`#,##0.00\`,
percentages, \`0.00E+00\`, text \`@\`, and dates and times made of y m d h s and
AM/PM (\`m/d/yyyy\`, \`yyyy-mm-dd\`, \`d-mmm-yy\`, \`h:mm:ss\`, \`[h]:mm\`), in the 1900
or 1904 date system; other formats (fractions, conditions) are shown as General.
A formula is never evaluated: its cached value is read, and one without a cached
value is refused naming the cell (\`cell Sheet1!B12 is a formula without a cached
value\`), as is an error value (\`#N/A\`). An encrypted workbook, an \`.xls\`, a
chart sheet, a DOCTYPE and a damaged zip are refused (exit 2, nothing sent).
**Bounds**, checked against what the zip's headers declare and again on the
bytes actually inflated (headers can lie; a zip bomb stops within a chunk of its
bound): the file 100 MB, 10,000 zip entries, 100 MB per part inflated and 200 MB
for all parts read, 1,000,000 shared strings, 5,000,000 cells (the empty cells
before a filled one in its row counted), Excel's own 1,048,576 rows and 16,384
columns, and Excel's 32,767 characters in a cell or a shared string: reading
stops at the first piece of text past it (\`shared string 1 is longer than
32,767 characters\`), as it does at a tag, attribute or comment of more than
524,272 characters; each part's size and CRC-32 must be as declared. teamctl's
zip reader is node:zlib with saxes (already a dependency), loaded only for an
\`.xlsx\`.

## \`--excel\` round trip

\`glossary export --excel\` puts a \`'\` in front of cells that start with \`=\` \`+\`
\`-\` \`@\` (or a tab/CR), so spreadsheets do not run them as formulas. The rule
that makes every export import back exactly:

- **On import**, a cell that starts with one or more apostrophes followed by \`=\`
  \`+\` \`-\` \`@\`, a tab or a CR loses its first apostrophe, silently (\`'=SUM(A1)\` →
  \`=SUM(A1)\`, \`''-s form\` → \`'-s form\`). Any other apostrophe is kept (\`'plain\`,
  \`' =x\`, \`x'=\`).
- **On export**, both plain CSV and \`--excel\` add one \`'\` to a value that itself
  starts with apostrophes followed by one of those characters: the term \`'-s
  form\` is written \`''-s form\`. \`--excel\` also adds one to a value starting with
  \`=\` \`+\` \`-\` \`@\` (or a tab/CR), as above. A value that gets the extra
  apostrophe is written trimmed and NFC, as an import reads it anyway.

So a real leading apostrophe survives the round trip, and an export (plain or
\`--excel\`) imported into the same organization inserts and updates nothing. A
hand-written file that really means \`''=x\` must write \`'''=x\`.

## Translation keys the CSV format cannot carry

The service accepts any string as a translation key. The CSV import format
accepts only language keys (\`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$\`), and reserves
\`id\` (any case) for the id column.

- **\`glossary export\` (CSV)** leaves out keys that are \`id\` or are not language
  keys. It prints one warning on stderr that names the keys and how many entries
  have them, plus how many entries had nothing else and so are not in the file.
  The written file always imports again. \`--format json\`, \`ndjson\` and \`tbx\`
  carry every key unchanged.
- **\`glossary list\`** (table/tsv/csv) gives such a key the column header
  \`lang:<key>\`, for example \`lang:id\` (next to the entry's \`id\`) or
  \`lang:updatedAt\`. These columns come after the language columns. No language
  key can start with \`lang:\`, so the header is never ambiguous.
- **Keys that differ only in case** (\`en\` on some entries, \`EN\` on others) are
  one column, headed by the spelling met first. An entry with only one of the
  spellings fills that column. If an entry has both spellings with different
  translations, the column shows the first of them in the entry's own key order.
  That is the value an import compares with, so importing the export back
  changes nothing. One warning on stderr lists those entries. This applies to
  both export and list.

## From a CAT tool: TBX in and out

\`glossary import\` and \`glossary sync\` read TBX as well as CSV — by the extension
(\`.tbx\`, \`.xml\`), or by the file's first character (\`<\`):

\`\`\`console
$ teamctl glossary export --format tbx -f glossary.tbx     # out: TBX-Basic
$ teamctl glossary sync glossary.tbx --prune --dry-run      # in: plans nothing right after the export
$ teamctl glossary import memoq-export.xml --dry-run        # a CAT tool's TBX-2008 / MultiTerm file
\`\`\`

- **Shapes read** (each with a real file under \`test/fixtures/real/\`, whose
  README says where it comes from):

  | format | shape | example |
  |---|---|---|
  | TBX-Basic v3 (ISO 30042:2019), DCA style | \`tbx/text/body/conceptEntry/langSec[@xml:lang]/termSec/term\`, data categories as \`<termNote type="administrativeStatus">\` | \`export --format tbx\`, Pontoon, MultiTerm's TBX export |
  | TBX-Basic v3, DCT style | the same structure, data categories as elements of their module: \`<min:administrativeStatus>\`, \`<basic:definition>\` | LTAC's DCT samples |
  | TBX 2008 (ISO 30042:2008, \`martif\`) | \`martif/text/body/termEntry/langSet/tig/term\`, also \`ntig/termGrp/term\` | Pontoon, Weblate, translate-toolkit, memoQ |
  | SDL MultiTerm XML | \`mtf/conceptGrp/languageGrp[language/@lang]/termGrp/term\` (\`EN-US\` read as \`en-US\`) | MultiTerm exports |

  DCA and DCT give the same entries and the same warnings (term status and
  descriptive fields alike). One concept is one row; its languages are the
  columns, in the order first met; \`--key\` defaults to the first language met.
  Every check of the CSV format applies, on the concept's line.
- **Encoding**: UTF-8 (with or without a byte order mark) or UTF-16 with one (as
  MultiTerm and Excel write it). An XML declaration naming a legacy encoding
  (\`encoding="windows-1254"\`, \`iso-8859-2\`, \`shift_jis\`, \`gb18030\`) is decoded
  as declared. One teamctl cannot decode is read only if the file holds nothing
  but ASCII; at its first other byte it is refused (exit 2) naming the line and
  the byte: export it again as UTF-8.
- **Empty concepts**: a concept whose terms are all empty (KDE Lokalize writes
  \`<term></term>\` for one not filled in) is skipped with a warning.
- **Ids**: a concept's id is taken as the entry id only in a file teamctl
  exported (its header says so), so an export round trip updates the same
  entries. An entry id that is not a valid XML name is written as one and
  carried exactly in \`<admin type="teamctl-entry-id">\`, which the reader
  prefers. A CAT tool's concept ids mean nothing to the service, and those rows
  match by their key term.
- **Characters XML cannot hold** (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone
  surrogates): the \`<term>\` is written without them, and the exact term follows
  it in the \`termSec\` as a JSON string in \`<admin type="teamctl-term-json">\` (an
  id, in \`<admin type="teamctl-entry-id-json">\`). The reader takes that exact
  value only in a file teamctl exported; elsewhere it is named in a warning. So
  an export imports back unchanged whatever the glossary holds.
- **Several terms for a language**: a term marked preferred is imported first,
  then the admitted ones in file order; the others are named in a warning.
- **What the glossary cannot hold is said, never dropped silently** — a warning
  on the concept's line (the first 20 concepts of each kind of warning; the rest
  counted in one line, so a termbase with a definition on every concept does not
  print a line per concept) for each: several terms for one language (the first
  admitted one is imported, the others named), definitions, notes, part of
  speech and other descriptive fields (measured: \`saxes\` loads in ~4 ms). A term
  whose administrative status is deprecated, superseded, obsolete or forbidden
  is **left out of its language** by the rule of every layout ("Term status"
  above: one warning per kind). A status is the text of a \`termNote\`, \`descrip\`,
  \`admin\` or \`note\` whose type is exactly \`administrativeStatus\`,
  \`normativeAuthorization\` or \`usageStatus\` (in DCT, the element of that name;
  in a MultiTerm termbase also a \`descrip\` of type \`Status\`, \`Usage\`, \`Term
  Status\` or \`Usage Status\`), inline markup (\`<hi>\`) and comments included; a
  type that only contains one of those names (\`usageStatusComment\`) is a
  descriptive field like any other.
- **DOCTYPE**: one that only names an external DTD (\`<!DOCTYPE martif SYSTEM
  "TBXcoreStructV02.dtd">\`, nearly every TBX 2008 file) is accepted, and the DTD
  is never fetched or read. **Refused** (exit 2, nothing sent): a DOCTYPE with
  an internal subset (\`[…]\`, where entities are declared), an undefined entity —
  so no external entity and no expansion bomb can be used — XML that is not
  well-formed (with the line; a \`.tbx\` or \`.xml\` file that is no XML at all,
  like a CSV under that name, is told that such names are read as XML), a
  language section without \`xml:lang\` (the message says to add it), a \`<term>\`
  outside any language section (its line: it has no language to be imported in,
  and is never left out silently), a file with no concept (named by its root
  element's layout, or, for a root like \`<tmx>\` or \`<xliff>\`, saying it is none
  of the layouts read); two concepts with one term in the key language and other
  translations (homonyms), naming both lines and suggesting \`--key\` with another
  language of the file. The same 100 MB and UTF-8 limits as for CSV apply. The
  XML parser (\`saxes\`, streaming) is loaded only for TBX files.
`;
