/**
 * The demo shop's pictures, drawn as SVG and rendered with sharp at seed time, so the repository carries no binary
 * images and every product still looks different. Each picture is written as `<name>.jpg` plus the `.webp`, `_728.webp`
 * and `_1024.webp` derivatives the storefront asks for first (docs/product.md, Image variants).
 */
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { onePictureAtATime } from "../images/picture-queue";
import { encodeRenditions, RENDITION_SUFFIXES } from "../images/renditions";
import type { ArtKind } from "./seed-content";

export type ImageJob = { file: string; width: number; height: number; svg: string };

/** Public URL of a seeded picture; the server serves the images folder under /images/. */
export const imageUrl = (file: string) => `/images/${file}.jpg`;

function imageFiles(file: string): string[] {
  return RENDITION_SUFFIXES.map((suffix) => `${file}${suffix}`);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Writes through a temporary name and renames, so a reader (or a second seed sharing the folder) never sees half a
 * file; pictures already on disk are kept, which makes reseeding and tests fast.
 */
async function writeAtomically(target: string, write: (temporary: string) => Promise<unknown>) {
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await write(temporary);
  await rename(temporary, target);
}

async function renderImage(imagesDir: string, job: ImageJob) {
  const targets = imageFiles(job.file).map((name) => path.join(imagesDir, name));
  if ((await Promise.all(targets.map(exists))).every(Boolean)) return;
  await mkdir(path.dirname(targets[0]), { recursive: true });
  // In the picture queue, as every picture is: seeding beside uploads or an import still works on one at a time.
  const renditions = await onePictureAtATime(async ({ open }) => {
    // Rasterise the SVG once; every output is encoded from the same pixels.
    const { data, info } = await open(Buffer.from(job.svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return encodeRenditions(() => open(data, { raw: info }));
  });
  await Promise.all(renditions.map(({ bytes }, i) => writeAtomically(targets[i], (to) => writeFile(to, bytes))));
}

/** The pictures wait their turn in the picture queue: asking for them all at once holds no more than one's pixels. */
export async function renderImages(imagesDir: string, jobs: ImageJob[]) {
  await Promise.all(jobs.map((job) => renderImage(imagesDir, job)));
}

export async function writeSvgFile(imagesDir: string, file: string, svg: string) {
  const target = path.join(imagesDir, file);
  if (await exists(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  await writeAtomically(target, (to) => writeFile(to, svg));
}

// ---------------------------------------------------------------- drawing

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Breaks a title into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function textBlock(text: string, options: { x: number; y: number; size: number; colour: string; width: number; weight?: number }) {
  const { x, y, size, colour, width, weight = 600 } = options;
  const lines = wrap(text, width);
  const tspans = lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : size * 1.2}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<text x="${x}" y="${y}" font-family="DejaVu Serif, Georgia, serif" font-size="${size}" font-weight="${weight}" text-anchor="middle" fill="${colour}">${tspans}</text>`;
}

function svgDocument(width: number, height: number, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function gradient(id: string, from: string, to: string) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** The object itself, centred around (600, 520) on a 1200 x 1200 canvas. */
function objectShape(kind: ArtKind, ink: string, accent: string): string {
  switch (kind) {
    case "bag":
      return `<rect x="420" y="215" width="360" height="60" rx="10" fill="${shade(ink, -0.25)}"/>
<path d="M420 270 L780 270 L805 345 L805 805 Q805 835 775 835 L425 835 Q395 835 395 805 L395 345 Z" fill="${ink}"/>
<rect x="455" y="440" width="290" height="250" rx="18" fill="${accent}"/>
<ellipse cx="600" cy="565" rx="62" ry="88" fill="${ink}" transform="rotate(25 600 565)"/>
<path d="M575 490 Q630 565 585 645" stroke="${accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    case "tin":
      return `<rect x="420" y="300" width="360" height="500" fill="${ink}"/>
<ellipse cx="600" cy="800" rx="180" ry="42" fill="${ink}"/>
<rect x="410" y="265" width="380" height="70" fill="${shade(ink, -0.25)}"/>
<ellipse cx="600" cy="265" rx="190" ry="44" fill="${shade(accent, -0.1)}"/>
<rect x="420" y="450" width="360" height="190" fill="${accent}"/>
<path d="M600 470 C680 500 680 600 600 620 C520 600 520 500 600 470 Z" fill="${ink}"/>
<path d="M600 480 L600 612" stroke="${accent}" stroke-width="8"/>`;
    case "dripper":
      return `<path d="M360 320 L840 320 L700 650 L500 650 Z" fill="${ink}"/>
<ellipse cx="600" cy="320" rx="240" ry="34" fill="${shade(ink, -0.3)}"/>
<path d="M840 370 C930 380 930 500 810 520" stroke="${ink}" stroke-width="34" fill="none" stroke-linecap="round"/>
<path d="M520 380 L575 620 M600 380 L600 620 M680 380 L625 620" stroke="${accent}" stroke-width="10" opacity="0.7"/>
<rect x="420" y="650" width="360" height="40" rx="20" fill="${ink}"/>
<path d="M450 700 L750 700 L725 860 Q720 880 700 880 L500 880 Q480 880 475 860 Z" fill="${accent}" opacity="0.85"/>`;
    case "kettle":
      return `<path d="M430 520 Q430 380 600 380 Q770 380 770 520 L795 770 Q800 820 750 820 L450 820 Q400 820 405 770 Z" fill="${ink}"/>
<ellipse cx="600" cy="385" rx="120" ry="26" fill="${accent}"/>
<circle cx="600" cy="350" r="26" fill="${accent}"/>
<path d="M430 720 C320 700 320 520 240 400" stroke="${ink}" stroke-width="30" fill="none" stroke-linecap="round"/>
<path d="M765 450 C900 450 900 730 790 760" stroke="${shade(ink, -0.3)}" stroke-width="38" fill="none" stroke-linecap="round"/>
<circle cx="600" cy="600" r="70" fill="${accent}"/><path d="M600 600 L640 560" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>`;
    case "grinder":
      return `<rect x="470" y="380" width="260" height="440" rx="24" fill="${ink}"/>
<rect x="470" y="560" width="260" height="90" fill="${accent}"/>
<ellipse cx="600" cy="380" rx="130" ry="30" fill="${shade(ink, -0.3)}"/>
<path d="M600 370 L600 260 L820 260" stroke="${shade(ink, -0.3)}" stroke-width="26" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="830" cy="260" r="40" fill="${accent}"/>`;
    case "press":
      return `<rect x="430" y="330" width="340" height="480" rx="20" fill="${accent}" opacity="0.55" stroke="${ink}" stroke-width="18"/>
<rect x="448" y="520" width="304" height="272" fill="${ink}" opacity="0.9"/>
<rect x="415" y="300" width="370" height="50" rx="14" fill="${ink}"/>
<path d="M600 300 L600 520" stroke="${ink}" stroke-width="16"/><circle cx="600" cy="250" r="34" fill="${ink}"/>
<path d="M770 400 C880 400 880 700 770 700" stroke="${ink}" stroke-width="34" fill="none"/>
<rect x="410" y="800" width="380" height="30" rx="12" fill="${ink}"/>`;
    case "filters":
      return [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${380 + i * 40} ${330 + i * 70} L${820 + i * 40} ${330 + i * 70} L${700 + i * 40} ${660 + i * 70} L${500 + i * 40} ${660 + i * 70} Z" fill="${i % 2 ? accent : shade(accent, -0.15)}" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>`,
        )
        .join("");
    case "mug":
      return `<path d="M400 400 L760 400 L760 760 Q760 830 690 830 L470 830 Q400 830 400 760 Z" fill="${ink}"/>
<path d="M760 480 C880 480 880 720 760 720" stroke="${ink}" stroke-width="44" fill="none"/>
<rect x="400" y="400" width="360" height="46" fill="${shade(ink, -0.3)}"/>
<path d="M400 560 Q490 600 580 560 T760 560" stroke="${accent}" stroke-width="14" fill="none"/>
${[500, 580, 660].map((x) => `<path d="M${x} 350 C${x - 30} 310 ${x + 30} 280 ${x} 230" stroke="${ink}" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.5"/>`).join("")}`;
    case "tumbler":
      return `<path d="M460 340 L740 340 L705 850 Q700 870 680 870 L520 870 Q500 870 495 850 Z" fill="${ink}"/>
<rect x="440" y="270" width="320" height="80" rx="20" fill="${shade(ink, -0.3)}"/>
<rect x="560" y="250" width="80" height="30" rx="10" fill="${accent}"/>
<path d="M478 560 L722 560 L716 640 L484 640 Z" fill="${accent}"/>`;
  }
}

/** Main picture: the object in the product's dark colour on its light colour, with the product name. */
export function productMainArt(title: string, kind: ArtKind, [dark, light]: [string, string]): string {
  return svgDocument(
    1200,
    1200,
    `<defs>${gradient("bg", shade(light, 0.4), light)}</defs>
<rect width="1200" height="1200" fill="url(#bg)"/>
<circle cx="600" cy="540" r="400" fill="${shade(light, -0.08)}"/>
${objectShape(kind, dark, shade(light, 0.5))}
${textBlock(title, { x: 600, y: 1000, size: 64, colour: dark, width: 26 })}`,
  );
}

/** Hover picture: the palette reversed, the object tilted and larger, the tasting notes or key features below. */
export function productHoverArt(title: string, tagline: string, kind: ArtKind, [dark, light]: [string, string]): string {
  const dots = Array.from({ length: 36 }, (_, i) => {
    const x = 100 + (i % 6) * 200;
    const y = 100 + Math.floor(i / 6) * 200;
    return `<circle cx="${x}" cy="${y}" r="14" fill="${light}" opacity="0.12"/>`;
  }).join("");
  return svgDocument(
    1200,
    1200,
    `<defs>${gradient("bg", dark, shade(dark, -0.35))}</defs>
<rect width="1200" height="1200" fill="url(#bg)"/>${dots}
<g transform="rotate(-8 600 560) translate(600 560) scale(1.12) translate(-600 -560)">${objectShape(kind, light, dark)}</g>
${textBlock(title, { x: 600, y: 1010, size: 52, colour: light, width: 34 })}
${textBlock(tagline, { x: 600, y: 1110, size: 36, colour: shade(light, 0.3), width: 60, weight: 400 })}`,
  );
}

/** A kraft gift box tied with ribbon, with the bundle's name. */
export function bundleArt(title: string, [dark, light]: [string, string], variant: 1 | 2): string {
  const background = variant === 1 ? [shade(light, 0.4), light] : [dark, shade(dark, -0.35)];
  const box = variant === 1 ? "#b08457" : shade(light, 0.2);
  const ribbon = variant === 1 ? dark : "#b08457";
  const ink = variant === 1 ? dark : light;
  return svgDocument(
    1200,
    1200,
    `<defs>${gradient("bg", background[0], background[1])}</defs>
<rect width="1200" height="1200" fill="url(#bg)"/>
<rect x="340" y="420" width="520" height="400" rx="14" fill="${box}"/>
<rect x="310" y="340" width="580" height="110" rx="14" fill="${shade(box, -0.12)}"/>
<rect x="570" y="340" width="60" height="480" fill="${ribbon}"/>
<path d="M600 340 C520 230 420 280 480 340 Z M600 340 C680 230 780 280 720 340 Z" fill="${ribbon}"/>
${textBlock(title, { x: 600, y: 1000, size: 64, colour: ink, width: 26 })}`,
  );
}

/** Harbour waves under a sun: the shop's landscape pictures (banner, image band, popup, about). */
export function sceneArt(options: { width: number; height: number; sky: [string, string]; sea: string; headline?: string; subline?: string }): string {
  const { width, height, sky, sea, headline, subline } = options;
  const waves = [0.55, 0.68, 0.82]
    .map((level, i) => {
      const y = height * level;
      const amplitude = height * 0.04;
      const step = width / 6;
      let d = `M0 ${y}`;
      for (let x = 0; x < width; x += step) d += ` Q${x + step / 4} ${y - amplitude} ${x + step / 2} ${y} T${x + step} ${y}`;
      return `<path d="${d} L${width} ${height} L0 ${height} Z" fill="${shade(sea, -0.2 * i)}"/>`;
    })
    .join("");
  // With a headline the sun sits lower and smaller, clear of the text.
  const sun = headline
    ? `<circle cx="${width * 0.78}" cy="${height * 0.47}" r="${Math.min(width, height) * 0.09}" fill="#f6c26b"/>`
    : `<circle cx="${width * 0.72}" cy="${height * 0.36}" r="${Math.min(width, height) * 0.16}" fill="#f6c26b"/>`;
  const size = Math.round(Math.min(width * 0.06, height * 0.09));
  const headlineLines = headline ? wrap(headline, 30).length : 0;
  const text = [
    headline ? textBlock(headline, { x: width / 2, y: height * 0.12 + size, size, colour: "#1e1b18", width: 30 }) : "",
    subline
      ? textBlock(subline, {
          x: width / 2,
          y: height * 0.12 + size * (1.2 * headlineLines + 0.9),
          size: Math.round(size * 0.55),
          colour: "#1e1b18",
          width: 48,
          weight: 400,
        })
      : "",
  ].join("");
  return svgDocument(
    width,
    height,
    `<defs>${gradient("sky", sky[0], sky[1])}</defs><rect width="${width}" height="${height}" fill="url(#sky)"/>${sun}${waves}${text}`,
  );
}

/** A cup under a wave, drawn in a 64 x 72 box: the mark that starts the wordmark and fills the browser tab icon. */
function cupMark(colour: string, accent: string): string {
  return `<path d="M12 28 L52 28 L49 58 Q48 66 40 66 L24 66 Q16 66 15 58 Z" fill="${colour}"/>
<path d="M52 36 C64 36 64 54 50 54" stroke="${colour}" stroke-width="5" fill="none"/>
<path d="M10 16 Q22 8 32 16 T54 16" stroke="${accent}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
}

/** The mark alone, square, for the browser's tab and bookmarks (a wordmark shrunk to 16 px is unreadable). */
export function iconSvg(colour: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="2 2 68 68">${cupMark(colour, accent)}</svg>`;
}

/** Wordmark with a cup mark, 280 x 80 to match the 140 x 40 slot the navigation bar gives the logo. */
export function logoSvg(name: string, colour: string, accent: string): string {
  return svgDocument(
    280,
    80,
    `${cupMark(colour, accent)}
<text x="74" y="44" font-family="Georgia, 'DejaVu Serif', serif" font-size="27" font-weight="700" fill="${colour}">${escapeXml(name.split(" ")[0])}</text>
<text x="75" y="66" font-family="Georgia, 'DejaVu Serif', serif" font-size="15" letter-spacing="2" fill="${accent}">${escapeXml(name.split(" ").slice(1).join(" ").toUpperCase())}</text>`,
  );
}
