/** The text of a PDF, page by page, each line's pieces joined by a space (pdfjs-dist, the PDF reader of Firefox). */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    let line: string[] = [];
    let y: number | null = null;
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const at = item.transform[5] as number;
      if (y !== null && Math.abs(at - y) > 2) {
        lines.push(line.join(" "));
        line = [];
      }
      y = at;
      if (item.str.trim() !== "") line.push(item.str.trim());
    }
    lines.push(line.join(" "));
  }
  await document.destroy();
  return lines.filter((line) => line !== "").join("\n");
}
