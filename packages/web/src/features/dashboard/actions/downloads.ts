import { saveFile } from '../../../components/index.ts';

/** Where the page draws the dashboard and each chart (the view's class names). */
export const DASHBOARD_CONTENT_SELECTOR = '.dashboard-canvas';
export const chartElementSelector = (chartId: number) => `.dashboard-chart[data-chart-id="${chartId}"]`;

/** Menus and tooltips open over the content are not part of the picture. */
function notAnOverlay(node: HTMLElement): boolean {
  const classes = node.classList;
  return !classes || !(classes.contains('ant-dropdown') || classes.contains('ant-tooltip'));
}

/** A PNG data URL of an element as drawn (charts' canvases included), on white. */
export async function elementPng(element: HTMLElement): Promise<string> {
  const { toPng } = await import('html-to-image');
  return toPng(element, { backgroundColor: '#ffffff', cacheBust: true, filter: notAnOverlay });
}

export async function downloadElementPng(element: HTMLElement, fileName: string): Promise<void> {
  saveFile(await elementPng(element), fileName);
}

/** The element as a one-page PDF the size of the element, so nothing is cut or scaled away. */
export async function downloadElementPdf(element: HTMLElement, fileName: string): Promise<void> {
  const [png, { jsPDF }] = await Promise.all([elementPng(element), import('jspdf')]);
  const width = Math.max(1, element.scrollWidth);
  const height = Math.max(1, element.scrollHeight);
  const pdf = new jsPDF({
    orientation: width > height ? 'landscape' : 'portrait',
    unit: 'px',
    format: [width, height],
    hotfixes: ['px_scaling'],
  });
  pdf.addImage(png, 'PNG', 0, 0, width, height);
  pdf.save(fileName);
}
