import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';

/** A toolbar command: its label, and the `execCommand` it runs (value asked for when `prompt`). */
export interface EditorCommand {
  key: string;
  label: string;
  text: string;
  command: string;
  value?: string;
  prompt?: string;
}

/** The toolbar (admin offers' description editor): H1, H2, bold, italic, underline, strike, blockquote, lists, indent, link, image. */
export const EDITOR_COMMANDS: EditorCommand[] = [
  { key: 'h1', label: 'Heading 1', text: 'H1', command: 'formatBlock', value: 'H1' },
  { key: 'h2', label: 'Heading 2', text: 'H2', command: 'formatBlock', value: 'H2' },
  { key: 'bold', label: 'Bold', text: 'B', command: 'bold' },
  { key: 'italic', label: 'Italic', text: 'I', command: 'italic' },
  { key: 'underline', label: 'Underline', text: 'U', command: 'underline' },
  { key: 'strike', label: 'Strikethrough', text: 'S', command: 'strikeThrough' },
  { key: 'blockquote', label: 'Blockquote', text: '❝', command: 'formatBlock', value: 'BLOCKQUOTE' },
  { key: 'ol', label: 'Numbered list', text: '1.', command: 'insertOrderedList' },
  { key: 'ul', label: 'Bulleted list', text: '•', command: 'insertUnorderedList' },
  { key: 'indent', label: 'Indent', text: '→', command: 'indent' },
  { key: 'outdent', label: 'Outdent', text: '←', command: 'outdent' },
  { key: 'link', label: 'Link', text: '🔗', command: 'createLink', prompt: 'Link URL' },
  { key: 'image', label: 'Image', text: '🖼', command: 'insertImage', prompt: 'Image URL' },
];

export interface RichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  minHeight?: number;
}

/**
 * A small rich text editor (contentEditable + the browser's editing commands) producing HTML.
 * The HTML is shown elsewhere as the offer description; the API sanitises it.
 */
export function RichTextEditor({ value = '', onChange, minHeight = 160 }: RichTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = editor.current;
    if (node && node.innerHTML !== value && document.activeElement !== node) node.innerHTML = value;
  }, [value]);

  const run = (cmd: EditorCommand) => {
    let arg = cmd.value;
    if (cmd.prompt) {
      const answer = window.prompt(cmd.prompt);
      if (!answer) return;
      arg = answer;
    }
    editor.current?.focus();
    document.execCommand?.(cmd.command, false, arg);
    onChange?.(editor.current?.innerHTML ?? '');
  };

  return (
    <div data-testid="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap size={4} style={{ padding: 4, borderBottom: '1px solid #d9d9d9', width: '100%' }}>
        {EDITOR_COMMANDS.map((cmd) => (
          <Tooltip key={cmd.key} title={cmd.label}>
            <Button
              size="small"
              aria-label={cmd.label}
              data-testid={`editor-${cmd.key}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(cmd)}
            >
              {cmd.text}
            </Button>
          </Tooltip>
        ))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a contentEditable region is the editing surface */}
      <div
        ref={editor}
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        data-testid="editor-content"
        onInput={() => onChange?.(editor.current?.innerHTML ?? '')}
        style={{ minHeight, padding: 8, outline: 'none' }}
      />
    </div>
  );
}
