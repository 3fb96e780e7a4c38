import { PDFDocument } from 'pdf-lib';

/**
 * A PDF of page pictures, one PDF page each, at the pictures' own size (a CSS pixel is 0.75 pt, as
 * the browser prints): what was drawn on screen, charts' canvases included, with nothing re-laid out
 * for print.
 */
const POINTS_PER_PIXEL = 0.75;

export async function picturesToPdf(pngs: readonly Buffer[], scale: number, title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setProducer('Vitrina');
  document.setCreator('Vitrina');
  for (const png of pngs) {
    const image = await document.embedPng(png);
    const width = (image.width / scale) * POINTS_PER_PIXEL;
    const height = (image.height / scale) * POINTS_PER_PIXEL;
    const page = document.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await document.save());
}
