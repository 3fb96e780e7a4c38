import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useToasts } from '../toast/index.ts';

export interface ListDeleteTexts {
  /** The toast after deleting one named row. */
  deleted: (name: string) => string;
  /** The toast after deleting several rows. */
  deletedMany: (count: number) => string;
}

/**
 * Deletes rows of a list (one by its row action, several from the selection): a success toast, the rows
 * dropped from the selection, or the error's text as a danger toast.
 */
export function useListDelete(
  mutation: Pick<UseMutationResult<unknown, Error, number[]>, 'mutate'>,
  texts: ListDeleteTexts,
  unselect: (ids: readonly number[]) => void,
) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  return (ids: number[], name?: string) =>
    mutation.mutate(ids, {
      onSuccess: () => {
        addSuccessToast(name ? texts.deleted(name) : texts.deletedMany(ids.length));
        unselect(ids);
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });
}
