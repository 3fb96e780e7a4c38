import type { FilterDivider } from '@vitrina/common/filters/types';
import { Divider, Tooltip, Typography } from 'antd';

/** A divider between filters: a title and a description (a tooltip in the horizontal bar). */
export function FilterBarDivider({ item, horizontal }: { item: FilterDivider; horizontal?: boolean }) {
  if (horizontal) {
    return (
      <Tooltip title={item.description || null}>
        <div
          data-test="filter-divider"
          style={{ borderLeft: '1px solid #d9d9d9', paddingLeft: 8, alignSelf: 'stretch' }}
        >
          <Typography.Text strong>{item.title}</Typography.Text>
        </div>
      </Tooltip>
    );
  }
  return (
    <div data-test="filter-divider">
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text strong>{item.title}</Typography.Text>
      {item.description && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>
          {item.description}
        </Typography.Paragraph>
      )}
    </div>
  );
}
