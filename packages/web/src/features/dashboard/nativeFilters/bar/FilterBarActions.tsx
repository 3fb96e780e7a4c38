import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataMask } from '../dataMaskContext.tsx';

/** Apply (the pending selection becomes the charts') and Clear all. */
export function FilterBarActions({ missingRequired }: { missingRequired: boolean }) {
  const { t } = useTranslation();
  const { dirty, applyAll, clearAll } = useDataMask();
  return (
    <Flex gap={8} wrap>
      <Button size="small" onClick={clearAll} data-test="filter-bar-clear">
        {t('nativeFilters.bar.clearAll')}
      </Button>
      <Button
        size="small"
        type="primary"
        onClick={applyAll}
        disabled={!dirty || missingRequired}
        data-test="filter-bar-apply"
      >
        {t('nativeFilters.bar.apply')}
      </Button>
    </Flex>
  );
}
