import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../components/ErrorBox.tsx';
import { UnknownVizTypeError } from './renderProps.ts';

/** 'An error occurred while rendering the visualization: …' in the chart's box. */
export function RenderError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return <ErrorBox message={renderErrorText(error, t)} {...(error.stack ? { details: error.stack } : {})} />;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

export function renderErrorText(error: Error, t: Translate): string {
  const reason =
    error instanceof UnknownVizTypeError
      ? t('viz.renderer.unknownType', { vizType: error.vizType })
      : error.message || error.name;
  return t('viz.renderer.renderError', { error: reason });
}
