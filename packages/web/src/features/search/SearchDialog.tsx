import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  SearchOutlined,
  TableOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { groupByKind, type SearchKind } from '@vitrina/common';
import { Flex, Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SearchHit, useSearch } from '../../api/search.ts';
import { localizedName } from '../../components/localizedName.ts';
import { useDebouncedValue } from '../../components/useDebouncedValue.ts';

/** The global search's dialog (GlobalSearch.tsx): the field, the hits grouped by kind, the keys. */

const KIND_ICONS: Record<SearchKind, ReactNode> = {
  dashboard: <DashboardOutlined />,
  chart: <BarChartOutlined />,
  dataset: <TableOutlined />,
  saved_query: <ConsoleSqlOutlined />,
  database: <DatabaseOutlined />,
  tag: <TagOutlined />,
};

const DEBOUNCE_MS = 150;
const LISTBOX_ID = 'global-search-results';
const optionId = (index: number) => `global-search-option-${index}`;

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useSearch(query);
  const hits = query === '' ? [] : (search.data ?? []);
  const groups = groupByKind(hits);
  const ordered = groups.flatMap((group) => group.items);
  const [active, setActive] = useState(0);

  // A new answer starts again at its best hit.
  const [answered, setAnswered] = useState(search.data);
  if (answered !== search.data) {
    setAnswered(search.data);
    setActive(0);
  }
  useEffect(() => {
    if (ordered.length > 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, ordered.length]);

  const openHit = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    navigate(hit.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (ordered.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + ordered.length) % ordered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openHit(ordered[active]);
    }
  };

  const title = (hit: SearchHit) => localizedName(hit.title, hit.title_ru, i18n.language);
  const description = (hit: SearchHit) =>
    hit.matched_field === 'name'
      ? t('globalSearch.matchedName')
      : localizedName(hit.description, hit.description_ru, i18n.language);

  let body: ReactNode;
  if (query === '') {
    body = <Typography.Text type="secondary">{t('globalSearch.hint')}</Typography.Text>;
  } else if (search.isPending) {
    body = (
      <Flex justify="center">
        <Spin />
      </Flex>
    );
  } else if (ordered.length === 0 && !search.isError) {
    body = <Typography.Text type="secondary">{t('globalSearch.noResults', { query })}</Typography.Text>;
  } else if (search.isError) {
    body = <Typography.Text type="danger">{search.error.message}</Typography.Text>;
  } else {
    let index = 0;
    body = (
      <div
        id={LISTBOX_ID}
        role="listbox"
        aria-label={t('globalSearch.results')}
        className="vitrina-global-search"
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: the listbox pattern's group of options; a fieldset is for form controls.
          <div key={group.kind} role="group" aria-labelledby={`global-search-kind-${group.kind}`}>
            <Typography.Text
              id={`global-search-kind-${group.kind}`}
              type="secondary"
              strong
              style={{ display: 'block', padding: '8px 8px 4px' }}
            >
              <span aria-hidden>{KIND_ICONS[group.kind]}</span> {t(`globalSearch.kinds.${group.kind}`)}
            </Typography.Text>
            {group.items.map((hit) => {
              const position = index++;
              const selected = position === active;
              const detail = description(hit);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys act through the field (aria-activedescendant), as in the combobox pattern.
                <div
                  key={`${hit.kind}-${hit.id}`}
                  id={optionId(position)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  onMouseEnter={() => setActive(position)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => openHit(hit)}
                  style={{
                    display: 'flex',
                    gap: 8,
                    alignItems: 'baseline',
                    padding: '6px 8px',
                    borderRadius: 6,
                    cursor: 'pointer',
                    background: selected ? 'rgba(22, 119, 255, 0.1)' : undefined,
                  }}
                >
                  <span aria-hidden>{KIND_ICONS[hit.kind]}</span>
                  <span style={{ minWidth: 0 }}>
                    <Typography.Text strong={selected}>{title(hit)}</Typography.Text>
                    {detail !== '' && (
                      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                        {detail}
                      </Typography.Text>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    );
  }

  return (
    <Modal
      open
      title={t('globalSearch.title')}
      footer={<Typography.Text type="secondary">{t('globalSearch.keys')}</Typography.Text>}
      onCancel={onClose}
      afterOpenChange={(opened) => opened && input.current?.focus()}
      width={640}
    >
      <Input
        ref={input}
        autoFocus
        prefix={<SearchOutlined />}
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('globalSearch.placeholder')}
        role="combobox"
        aria-label={t('globalSearch.title')}
        aria-expanded={ordered.length > 0}
        aria-controls={LISTBOX_ID}
        aria-autocomplete="list"
        aria-activedescendant={ordered.length > 0 ? optionId(active) : undefined}
      />
      <div style={{ marginTop: 12, maxHeight: '60vh', overflowY: 'auto' }}>{body}</div>
    </Modal>
  );
}
