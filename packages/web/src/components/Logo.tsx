import { Flex, Typography } from 'antd';
import { BRAND_COLOR } from './brand.ts';

/** The product mark and name; the name is a brand, the same in every language. */
export function Logo() {
  return (
    <Flex align="center" gap={8}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill={BRAND_COLOR} />
        <path
          d="M8 9l8 15 8-15"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Typography.Text strong style={{ fontSize: 18 }}>
        Vitrina
      </Typography.Text>
    </Flex>
  );
}
