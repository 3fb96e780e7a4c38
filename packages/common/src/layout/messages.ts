/**
 * Messages the layout rules and history hand to the UI: an i18n key under dashboardEdit.messages and the
 * spec's English text, so the caller can translate or show the text as it is.
 */
export interface LayoutMessage {
  key: string;
  text: string;
}

export const LAYOUT_MESSAGES = {
  notEnoughSpace: {
    key: 'dashboardEdit.messages.notEnoughSpace',
    text: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  },
  topLevelTabsIntoNested: {
    key: 'dashboardEdit.messages.topLevelTabsIntoNested',
    text: 'Can not move top level tab into nested tabs',
  },
  differentFilterScope: {
    key: 'dashboardEdit.messages.differentFilterScope',
    text: 'This chart has been moved to a different filter scope.',
  },
  invalidDrop: {
    key: 'dashboardEdit.messages.invalidDrop',
    text: 'This component can not be placed here.',
  },
  componentNotFound: {
    key: 'dashboardEdit.messages.componentNotFound',
    text: 'This component is no longer on the dashboard.',
  },
  undoLimit: {
    key: 'dashboardEdit.messages.undoLimit',
    text: 'You have used all 52 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
  },
} as const satisfies Record<string, LayoutMessage>;
