import { Button, Flex, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { CodeEditor } from './CodeEditor.tsx';
import { CSS_TEMPLATES } from './cssTemplates.ts';

export interface CssEditorModalProps {
  css: string;
  open: boolean;
  onClose(): void;
  /** Called as the author types (debounced) so the page previews the CSS live, and on Apply. */
  onApply(css: string): void;
}

/** How long typing pauses before the page previews the CSS. */
export const CSS_PREVIEW_DELAY_MS = 400;

/** The dashboard's CSS: edit it or start from a template, previewed live; Cancel puts the old CSS back. */
export function CssEditorModal(props: CssEditorModalProps) {
  return props.open ? <CssEditor {...props} /> : null;
}

function CssEditor({ css: initialCss, onClose, onApply }: CssEditorModalProps) {
  const { t } = useTranslation();
  const [css, setCss] = useState(initialCss);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applied = useRef(initialCss);

  const preview = (next: string) => {
    if (next === applied.current) return;
    applied.current = next;
    onApply(next);
  };

  useEffect(() => () => clearTimeout(pending.current), []);

  const change = (next: string) => {
    setCss(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => preview(next), CSS_PREVIEW_DELAY_MS);
  };

  const apply = () => {
    clearTimeout(pending.current);
    preview(css);
    onClose();
  };

  const cancel = () => {
    clearTimeout(pending.current);
    preview(initialCss);
    onClose();
  };

  return (
    <Modal
      open
      responsive
      title={t('dashboardProperties.css.title')}
      onCancel={cancel}
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="apply" type="primary" onClick={apply}>
          {t('dashboardProperties.apply')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('dashboardProperties.css.template')}</Typography.Text>
          <Select<string>
            aria-label={t('dashboardProperties.css.template')}
            placeholder={t('dashboardProperties.css.templatePlaceholder')}
            style={{ minWidth: 220 }}
            value={null}
            options={CSS_TEMPLATES.map((template) => ({
              value: template.id,
              label: t(`dashboardProperties.css.templates.${template.id}`),
            }))}
            onChange={(id) => {
              const template = CSS_TEMPLATES.find((item) => item.id === id);
              if (template) change(template.css);
            }}
          />
        </Flex>
        <Typography.Text type="secondary">{t('dashboardProperties.css.hint')}</Typography.Text>
        <CodeEditor
          language="css"
          value={css}
          onChange={change}
          height="320px"
          ariaLabel={t('dashboardProperties.css.editor')}
        />
      </Flex>
    </Modal>
  );
}
