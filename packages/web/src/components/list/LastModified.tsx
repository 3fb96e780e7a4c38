import { Typography } from 'antd';
import { useFormat } from '../format.ts';

/** The change fields that list endpoints return alongside each item. */
export interface ModifiedItem {
  changed_on_utc?: string | null;
  changed_on_delta_humanized?: string | null;
  changed_by_name?: string | null;
}

interface LastModifiedProps {
  item: ModifiedItem;
  /** The "by {{name}}" text of the list's own catalogue; without it only the date shows. */
  modifiedBy?: (name: string) => string;
}

/** When a listed item was last changed (the server's humanized text when the date is missing), and by whom. */
export function LastModified({ item, modifiedBy }: LastModifiedProps) {
  const format = useFormat();
  const when = format.date(item.changed_on_utc) || item.changed_on_delta_humanized;
  // Lists without an author show the bare text, with no wrapping element, as they always have.
  if (!modifiedBy) return <>{when}</>;
  return (
    <span>
      {when}
      {item.changed_by_name && (
        <Typography.Text type="secondary"> {modifiedBy(item.changed_by_name)}</Typography.Text>
      )}
    </span>
  );
}
