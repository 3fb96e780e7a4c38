import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { FavoriteStar } from '../FavoriteStar.tsx';
import { type OwnerRef, OwnerTags } from '../OwnerTags.tsx';
import { LastModified, type ModifiedItem } from './LastModified.tsx';

/*
 * The columns that several list screens share. Their keys are the server's sort columns
 * (see sortableList.ts), so they stay as the lists have always sent them.
 */

/** What a favourite column needs of the list's star state (useListFavorites). */
interface Favorites {
  isStarred: (id: number) => boolean;
  toggle: (id: number) => void;
}

/** The narrow first column with each row's favourite star; `name` gives the star its accessible name. */
export function favoriteColumn<T extends { id: number }>(
  favorites: Favorites,
  name: (row: T) => string,
): TableColumnType<T> {
  return {
    key: 'favorite',
    width: 48,
    render: (_value, row) => (
      <FavoriteStar
        starred={favorites.isStarred(row.id)}
        onToggle={() => favorites.toggle(row.id)}
        name={name(row)}
      />
    ),
  };
}

/** The row's owners as tags. */
export function ownersColumn<T extends { owners?: readonly OwnerRef[] | undefined }>(
  title: string,
): TableColumnType<T> {
  return {
    key: 'owners',
    title,
    render: (_value, row) => <OwnerTags owners={row.owners} />,
  };
}

/** When the row last changed, sortable; with `modifiedBy`, also who changed it. */
export function modifiedColumn<T extends ModifiedItem>(
  title: string,
  modifiedBy?: (name: string) => string,
): TableColumnType<T> {
  return {
    key: 'changed_on_delta_humanized',
    title,
    sorter: true,
    render: (_value, row) => <LastModified item={row} modifiedBy={modifiedBy} />,
  };
}

/** The row's actions, usually a <RowActions>. */
export function actionsColumn<T>(title: string, actions: (row: T) => ReactNode): TableColumnType<T> {
  return {
    key: 'actions',
    title,
    render: (_value, row) => actions(row),
  };
}
