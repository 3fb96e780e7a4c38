import { SearchOutlined } from '@ant-design/icons';
import { VIZ_CATEGORIES, type VizType } from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { Button, Card, Empty, Flex, Input, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { vizText } from './typeNames.ts';
import { VIZ_ICONS } from './vizIcons.tsx';
import { type GalleryEntry, type GalleryTab, searchVizTypes } from './vizSearch.ts';

const ENTRIES: GalleryEntry[] = Object.values(CHART_PLUGINS).map((plugin) => ({
  vizType: plugin.vizType,
  metadata: plugin.metadata,
}));

const TABS: GalleryTab[] = ['all', ...VIZ_CATEGORIES];

interface VizTypeGalleryProps {
  open: boolean;
  current: VizType;
  onChoose: (vizType: VizType) => void;
  onClose: () => void;
}

/**
 * The chart-type gallery: category tabs, a search over names in both languages and tags, the selected
 * type's description; a click selects, a double click or Select chooses.
 */
export function VizTypeGallery({ open, current, onChoose, onClose }: VizTypeGalleryProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<GalleryTab>('all');
  const [selected, setSelected] = useState<VizType>(current);
  useEffect(() => {
    if (open) setSelected(current);
  }, [open, current]);

  const found = searchVizTypes(ENTRIES, search, tab, vizText);
  const selectedPlugin = CHART_PLUGINS[selected];

  const choose = (vizType: VizType) => {
    onChoose(vizType);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('explore.gallery.title')}
      width={880}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        // Reset once closed: resetting after the opening animation would wipe what was typed meanwhile.
        if (visible) return;
        setSearch('');
        setTab('all');
      }}
      footer={
        <Flex justify="space-between" align="center" gap={16}>
          <Flex vertical style={{ textAlign: 'start', minWidth: 0 }}>
            <Typography.Text strong>{t(selectedPlugin.metadata.nameKey)}</Typography.Text>
            <Typography.Text type="secondary">{t(selectedPlugin.metadata.descriptionKey)}</Typography.Text>
          </Flex>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => choose(selected)}>
              {t('explore.gallery.select')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Input
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('explore.gallery.search')}
          aria-label={t('explore.gallery.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as GalleryTab)}
          items={TABS.map((key) => ({ key, label: t(`explore.gallery.categories.${key}`) }))}
        />
        {found.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('explore.gallery.nothingFound')} />
        ) : (
          <div
            role="listbox"
            aria-label={t('explore.gallery.title')}
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
              gap: 12,
              maxHeight: 420,
              overflow: 'auto',
              padding: 2,
            }}
          >
            {found.map(({ vizType, metadata }) => (
              <Card
                key={vizType}
                role="option"
                aria-selected={vizType === selected}
                aria-label={t(metadata.nameKey)}
                data-viz-type={vizType}
                size="small"
                hoverable
                tabIndex={0}
                onClick={() => setSelected(vizType)}
                onDoubleClick={() => choose(vizType)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') choose(vizType);
                  if (event.key === ' ') setSelected(vizType);
                }}
                style={{
                  borderColor: vizType === selected ? 'var(--ant-color-primary)' : undefined,
                  boxShadow: vizType === selected ? '0 0 0 1px var(--ant-color-primary)' : undefined,
                }}
              >
                <Flex vertical align="center" gap={8}>
                  <span style={{ fontSize: 36, color: 'var(--ant-color-primary)' }} aria-hidden="true">
                    {VIZ_ICONS[metadata.icon]}
                  </span>
                  <Typography.Text style={{ textAlign: 'center' }}>{t(metadata.nameKey)}</Typography.Text>
                </Flex>
              </Card>
            ))}
          </div>
        )}
      </Flex>
    </Modal>
  );
}

/** The button that shows the current chart type and opens the gallery. */
export function VizTypePicker({
  vizType,
  onChange,
}: {
  vizType: VizType;
  onChange: (vizType: VizType) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const metadata = CHART_PLUGINS[vizType].metadata;
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('explore.gallery.chartType')}
      </Typography.Text>
      <Button
        block
        icon={VIZ_ICONS[metadata.icon]}
        onClick={() => setOpen(true)}
        aria-label={t('explore.gallery.change', { name: t(metadata.nameKey) })}
        style={{ justifyContent: 'flex-start' }}
      >
        {t(metadata.nameKey)}
      </Button>
      <VizTypeGallery open={open} current={vizType} onChoose={onChange} onClose={() => setOpen(false)} />
    </Flex>
  );
}
