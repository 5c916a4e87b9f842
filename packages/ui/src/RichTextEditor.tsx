import { Button, type GlobalToken, Tooltip, theme } from 'antd';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/** A toolbar command: its label, and the `execCommand` it runs (value asked for when `prompt`). */
export interface EditorCommand {
  key: string;
  label: string;
  /** The button's face when no icon is drawn for it (tests and screen readers use `label`). */
  text: string;
  command: string;
  value?: string;
  prompt?: string;
  /** Toolbar group: a thin divider separates groups, as in desktop editors. */
  group: 'block' | 'inline' | 'list' | 'insert';
}

/** The toolbar (admin offers' description editor): H1, H2, bold, italic, underline, strike, blockquote, lists, indent, link, image. */
export const EDITOR_COMMANDS: EditorCommand[] = [
  { key: 'h1', label: 'Heading 1', text: 'H1', command: 'formatBlock', value: 'H1', group: 'block' },
  { key: 'h2', label: 'Heading 2', text: 'H2', command: 'formatBlock', value: 'H2', group: 'block' },
  {
    key: 'blockquote',
    label: 'Blockquote',
    text: '❝',
    command: 'formatBlock',
    value: 'BLOCKQUOTE',
    group: 'block',
  },
  { key: 'bold', label: 'Bold', text: 'B', command: 'bold', group: 'inline' },
  { key: 'italic', label: 'Italic', text: 'I', command: 'italic', group: 'inline' },
  { key: 'underline', label: 'Underline', text: 'U', command: 'underline', group: 'inline' },
  { key: 'strike', label: 'Strikethrough', text: 'S', command: 'strikeThrough', group: 'inline' },
  { key: 'ol', label: 'Numbered list', text: '1.', command: 'insertOrderedList', group: 'list' },
  { key: 'ul', label: 'Bulleted list', text: '•', command: 'insertUnorderedList', group: 'list' },
  { key: 'outdent', label: 'Outdent', text: '←', command: 'outdent', group: 'list' },
  { key: 'indent', label: 'Indent', text: '→', command: 'indent', group: 'list' },
  { key: 'link', label: 'Link', text: '🔗', command: 'createLink', prompt: 'Link URL', group: 'insert' },
  { key: 'image', label: 'Image', text: '🖼', command: 'insertImage', prompt: 'Image URL', group: 'insert' },
];

/** 16 px line icons drawn in the text colour (no icon font, so every platform shows the same). */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      {children}
    </svg>
  );
}

/** A letter face (B, I, U, S, H1) set in the UI font, centred in the same box as the icons. */
function Glyph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'block',
        width: 16,
        lineHeight: '16px',
        fontSize: 14,
        textAlign: 'center',
        fontFamily: 'Georgia, "Times New Roman", serif',
        ...style,
      }}
    >
      {children}
    </span>
  );
}

const ICONS: Record<string, ReactNode> = {
  h1: <Glyph style={{ fontFamily: 'inherit', fontWeight: 700, fontSize: 12, letterSpacing: -0.5 }}>H1</Glyph>,
  h2: <Glyph style={{ fontFamily: 'inherit', fontWeight: 700, fontSize: 12, letterSpacing: -0.5 }}>H2</Glyph>,
  bold: <Glyph style={{ fontWeight: 700 }}>B</Glyph>,
  italic: <Glyph style={{ fontStyle: 'italic' }}>I</Glyph>,
  underline: <Glyph style={{ textDecoration: 'underline', textUnderlineOffset: 2 }}>U</Glyph>,
  strike: <Glyph style={{ textDecoration: 'line-through' }}>S</Glyph>,
  blockquote: (
    <Svg>
      <path d="M3 4v8" strokeWidth="2" />
      <path d="M6.5 5h6.5M6.5 8h6.5M6.5 11h4.5" />
    </Svg>
  ),
  ol: (
    <Svg>
      <path d="M7 4h6.5M7 8h6.5M7 12h6.5" />
      <path d="M2.5 3l1-.5v3" strokeWidth="1.2" />
      <path d="M2.3 9.2c.3-.6 1.8-.7 1.8.3 0 .8-1.8 1.5-1.8 2h2" strokeWidth="1.2" />
    </Svg>
  ),
  ul: (
    <Svg>
      <path d="M7 4h6.5M7 8h6.5M7 12h6.5" />
      <circle cx="3.25" cy="4" r="1" fill="currentColor" stroke="none" />
      <circle cx="3.25" cy="8" r="1" fill="currentColor" stroke="none" />
      <circle cx="3.25" cy="12" r="1" fill="currentColor" stroke="none" />
    </Svg>
  ),
  outdent: (
    <Svg>
      <path d="M2.5 3h11M7.5 6.5h6M7.5 9.5h6M2.5 13h11" />
      <path d="M5 6l-2.5 2L5 10" />
    </Svg>
  ),
  indent: (
    <Svg>
      <path d="M2.5 3h11M7.5 6.5h6M7.5 9.5h6M2.5 13h11" />
      <path d="M2.5 6L5 8l-2.5 2" />
    </Svg>
  ),
  link: (
    <Svg>
      <path d="M6.8 9.2a2.6 2.6 0 003.7 0l2.2-2.2a2.6 2.6 0 00-3.7-3.7l-.9.9" />
      <path d="M9.2 6.8a2.6 2.6 0 00-3.7 0L3.3 9a2.6 2.6 0 003.7 3.7l.9-.9" />
    </Svg>
  ),
  image: (
    <Svg>
      <rect x="2" y="3" width="12" height="10" rx="1.5" />
      <circle cx="5.75" cy="6.25" r="1.1" />
      <path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3" />
    </Svg>
  ),
};

/** Inline styles the browser can report as on at the caret (`queryCommandState`). */
const STATEFUL = new Set([
  'bold',
  'italic',
  'underline',
  'strikeThrough',
  'insertOrderedList',
  'insertUnorderedList',
]);

export interface RichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  minHeight?: number;
}

/**
 * A small rich text editor (contentEditable + the browser's editing commands) producing HTML.
 * The HTML is shown elsewhere as the offer description; the API sanitises it. The toolbar is
 * grouped like a desktop editor's, its buttons one size, drawn in the theme's colours, and shows
 * which styles are on where the caret is.
 */
export function RichTextEditor({ value = '', onChange, minHeight = 160 }: RichTextEditorProps) {
  const { token } = theme.useToken();
  const editor = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const node = editor.current;
    if (node && node.innerHTML !== value && document.activeElement !== node) node.innerHTML = value;
  }, [value]);
  const { active, refreshActive } = useActiveStyles(editor);

  const run = (cmd: EditorCommand) => {
    let arg = cmd.value;
    if (cmd.prompt) {
      const answer = window.prompt(cmd.prompt);
      if (!answer) return;
      arg = answer;
    }
    editor.current?.focus();
    // A second click on the block style it already has turns the block back into a paragraph.
    if (cmd.command === 'formatBlock' && active.has(cmd.key)) arg = 'P';
    document.execCommand?.(cmd.command, false, arg);
    onChange?.(editor.current?.innerHTML ?? '');
    refreshActive();
  };

  const border = `1px solid ${focused ? token.colorPrimary : token.colorBorder}`;
  return (
    // Forms put a field's control inside its <label>; a click in the text must not count as a
    // click on the label, which the browser forwards to the first button (Heading 1).
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the label's forwarding
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard use never activates a label
    <div
      data-testid="rich-text-editor"
      onClick={(e) => {
        if (editor.current?.contains(e.target as Node)) e.preventDefault();
      }}
      style={{
        border,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        boxShadow: focused ? `0 0 0 2px ${token.controlOutline}` : undefined,
        transition: 'border-color 0.2s, box-shadow 0.2s',
      }}
    >
      <EditorToolbar active={active} onRun={run} />
      {/* biome-ignore lint/a11y/useSemanticElements: a contentEditable region is the editing surface */}
      <div
        ref={editor}
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        data-testid="editor-content"
        className="lm-editor-content"
        onInput={() => onChange?.(editor.current?.innerHTML ?? '')}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyUp={refreshActive}
        onMouseUp={refreshActive}
        style={{ minHeight, padding: '8px 11px', outline: 'none', color: token.colorText, lineHeight: 1.6 }}
      />
      <style>{editorContentCss(token)}</style>
    </div>
  );
}

/** The toolbar's styles that are on where the caret is in the editor, asked again on every selection change. */
function useActiveStyles(editor: RefObject<HTMLDivElement | null>) {
  const [active, setActive] = useState<ReadonlySet<string>>(new Set());
  const refreshActive = useCallback(() => {
    const node = editor.current;
    const selection = document.getSelection();
    if (!node || !selection?.anchorNode || !node.contains(selection.anchorNode)) return setActive(new Set());
    const on = new Set<string>();
    for (const cmd of EDITOR_COMMANDS) {
      try {
        if (STATEFUL.has(cmd.command) && document.queryCommandState?.(cmd.command)) on.add(cmd.key);
        if (cmd.command === 'formatBlock') {
          const block = String(document.queryCommandValue?.('formatBlock') ?? '').toUpperCase();
          if (block === cmd.value) on.add(cmd.key);
        }
      } catch {
        // Browsers without these queries simply show no state.
      }
    }
    setActive(on);
  }, [editor]);
  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);
  return { active, refreshActive };
}

/** The command buttons in their groups, a thin divider between groups; a style that is on looks pressed. */
function EditorToolbar({ active, onRun }: { active: ReadonlySet<string>; onRun(cmd: EditorCommand): void }) {
  const { token } = theme.useToken();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        padding: 4,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
        borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`,
      }}
    >
      {EDITOR_COMMANDS.map((cmd, i) => {
        const on = active.has(cmd.key);
        const newGroup = i > 0 && EDITOR_COMMANDS[i - 1].group !== cmd.group;
        return (
          <Fragment key={cmd.key}>
            {newGroup && (
              <span
                aria-hidden="true"
                style={{ width: 1, height: 18, margin: '0 4px', background: token.colorSplit }}
              />
            )}
            <Tooltip title={cmd.label} mouseEnterDelay={0.4}>
              <Button
                type="text"
                size="small"
                aria-label={cmd.label}
                aria-pressed={STATEFUL.has(cmd.command) || cmd.command === 'formatBlock' ? on : undefined}
                data-testid={`editor-${cmd.key}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onRun(cmd)}
                style={{
                  width: 28,
                  height: 28,
                  minWidth: 28,
                  padding: 0,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: on ? token.colorPrimary : token.colorText,
                  background: on ? token.colorPrimaryBg : undefined,
                }}
              >
                {ICONS[cmd.key] ?? <Glyph>{cmd.text}</Glyph>}
              </Button>
            </Tooltip>
          </Fragment>
        );
      })}
    </div>
  );
}

/** How headings, quotes, lists and links look inside the editing surface, in the theme's colours. */
function editorContentCss(token: GlobalToken): string {
  return `
.lm-editor-content h1 { font-size: 1.6em; margin: 0.4em 0; }
.lm-editor-content h2 { font-size: 1.3em; margin: 0.4em 0; }
.lm-editor-content p { margin: 0 0 0.5em; }
.lm-editor-content blockquote { margin: 0.5em 0; padding: 2px 12px; border-left: 3px solid ${token.colorBorder}; color: ${token.colorTextSecondary}; }
.lm-editor-content ul, .lm-editor-content ol { padding-left: 24px; margin: 0.4em 0; }
.lm-editor-content img { max-width: 100%; }
.lm-editor-content a { color: ${token.colorLink}; }
`;
}
