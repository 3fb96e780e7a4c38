import { RightOutlined } from '@ant-design/icons';

/**
 * The arrow of a submenu title, hidden from assistive technology: antd's default icon carries
 * aria-label "right", which leaks into the item's accessible name ("Download right").
 */
export const submenuArrow = <RightOutlined aria-hidden style={{ fontSize: 10 }} />;
