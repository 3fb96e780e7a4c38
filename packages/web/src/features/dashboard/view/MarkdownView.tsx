import { GRID_BASE_UNIT, GRID_DEFAULT_MARKDOWN_HEIGHT } from '@vitrina/common';
import { useState } from 'react';
import { useDashboardContext } from '../context.ts';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { MarkdownEditor, MarkdownModeToggle } from '../edit/MarkdownEditing.tsx';
import { useRenderedMarkdown } from '../markdown/useRenderedMarkdown.ts';
import type { NodeViewProps } from './nodeProps.ts';

/** A markdown component: the author's text rendered as sanitised HTML, at the component's height. */
export function MarkdownView(props: NodeViewProps) {
  const { node } = props;
  const { session } = useDashboardContext();
  const [editingText, setEditingText] = useState(false);
  const height = (node.meta.height ?? GRID_DEFAULT_MARKDOWN_HEIGHT) * GRID_BASE_UNIT;
  const showEditor = session.editing && editingText;
  return (
    <EditableFrame
      {...props}
      controls={<MarkdownModeToggle editing={editingText} onChange={setEditingText} />}
    >
      <div
        className="dashboard-markdown"
        data-test="dashboard-markdown"
        style={{ height, overflow: 'auto', background: '#ffffff', padding: showEditor ? 0 : 12 }}
      >
        {showEditor ? <MarkdownEditor node={node} /> : <RenderedMarkdown source={node.meta.code ?? ''} />}
      </div>
    </EditableFrame>
  );
}

function RenderedMarkdown({ source }: { source: string }) {
  const html = useRenderedMarkdown(source);
  if (html === null) return null;
  // The HTML comes from renderMarkdown, which keeps only inert markup.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
  return <div className="dashboard-markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
