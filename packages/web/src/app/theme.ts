import type { ThemeConfig } from 'antd';

import { BRAND_COLOR } from '../components/brand.ts';

/** The brand colour is the spec's; the rest is antd's default look. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: '#f5f6f8' },
  },
};
