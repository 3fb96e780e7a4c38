import { Space, Tag } from 'antd';

/** An owner as list endpoints return it (charts, dashboards). */
export interface OwnerRef {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
}

/** An owner's full name, or the id when the name is missing. */
export function ownerName(owner: OwnerRef): string {
  return [owner.first_name, owner.last_name].filter(Boolean).join(' ') || String(owner.id);
}

/** The owners of a listed item as tags, by full name (the id when a name is missing). */
export function OwnerTags({ owners }: { owners: readonly OwnerRef[] | undefined }) {
  return (
    <Space size={[4, 4]} wrap>
      {(owners ?? []).map((owner) => (
        <Tag key={owner.id}>{ownerName(owner)}</Tag>
      ))}
    </Space>
  );
}
