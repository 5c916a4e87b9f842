import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, Tag } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountrySelect, countryOptions, flagEmoji } from './CountrySelect.tsx';
import { FilePicker, fileSize } from './FilePicker.tsx';
import { TextField } from './FormDialog.tsx';
import { RequiredTextItem } from './RequiredTextItem.tsx';
import { EDITOR_COMMANDS, RichTextEditor } from './RichTextEditor.tsx';
import { SCREEN_SPINNER_DELAY_MS, ScreenLoading } from './ScreenLoading.tsx';
import { SearchSelect } from './SearchSelect.tsx';
import { TagList } from './TagList.tsx';
import { YesNo } from './YesNo.tsx';

describe('SearchSelect', () => {
  it('opens a 200 px list and filters options by label', () => {
    const { container } = render(
      <SearchSelect
        open
        options={[
          { value: 1, label: 'Alpha offer' },
          { value: 2, label: 'Beta offer' },
        ]}
      />,
    );
    const holder = document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement | null;
    expect(holder?.style.maxHeight).toBe('200px');
    const input = container.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'bet' } });
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((n) => n.textContent);
    expect(shown).toEqual(['Beta offer']);
  });
});

describe('YesNo', () => {
  it('shows Yes/No and reports a boolean', () => {
    const onChange = vi.fn();
    render(<YesNo value={false} onChange={onChange} />);
    fireEvent.click(screen.getByText('Yes'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('TextField', () => {
  it('is an input named by its label that reports the text as typed and keeps its own props', () => {
    const onChange = vi.fn();
    render(
      <TextField
        label="Comment"
        hint="Shown to staff"
        testId="c"
        value="a"
        onChange={onChange}
        maxLength={5}
      />,
    );
    const input = screen.getByLabelText(/Comment/) as HTMLInputElement;
    expect(input.getAttribute('data-testid')).toBe('c');
    expect(input.value).toBe('a');
    expect(input.maxLength).toBe(5);
    expect(screen.getByText('Shown to staff')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ab ' } });
    expect(onChange).toHaveBeenCalledWith('ab ');
  });
});

describe('RequiredTextItem', () => {
  it('refuses a name of only spaces with its message, and takes it back once filled', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <RequiredTextItem label="Name" name="name" missing="Name is missing">
          <Input data-testid="name" />
        </RequiredTextItem>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    fireEvent.change(screen.getByTestId('name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Name is missing')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Main CRM' } });
    await waitFor(() => expect(screen.queryByText('Name is missing')).toBeNull());
  });
});

describe('CountrySelect', () => {
  it('lists countries with their flags, by ISO code', () => {
    expect(flagEmoji('rs')).toBe('🇷🇸');
    const serbia = countryOptions().find((o) => o.value === 'RS');
    expect(serbia?.label).toBe('🇷🇸 Serbia');
    expect(countryOptions().length).toBeGreaterThan(200);
    expect(countryOptions().some((o) => o.value === 'EU' || o.value === 'ZZ')).toBe(false);
  });

  it('shows the flag and name of the chosen country', () => {
    render(<CountrySelect value="DE" />);
    expect(screen.getByText('🇩🇪 Germany')).toBeTruthy();
  });
});

describe('RichTextEditor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the toolbar of the spec', () => {
    render(<RichTextEditor />);
    for (const label of [
      'Heading 1',
      'Heading 2',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Blockquote',
      'Numbered list',
      'Bulleted list',
      'Indent',
      'Link',
      'Image',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(EDITOR_COMMANDS).toHaveLength(13);
  });

  it('runs the editing command and reports the HTML', () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>Hello</p>" onChange={onChange} />);
    expect(screen.getByTestId('editor-content').innerHTML).toBe('<p>Hello</p>');
    fireEvent.click(screen.getByLabelText('Bold'));
    expect(exec).toHaveBeenCalledWith('bold', false, undefined);
    fireEvent.click(screen.getByLabelText('Heading 2'));
    expect(exec).toHaveBeenCalledWith('formatBlock', false, 'H2');
    vi.stubGlobal('prompt', () => 'https://example.com');
    fireEvent.click(screen.getByLabelText('Link'));
    expect(exec).toHaveBeenCalledWith('createLink', false, 'https://example.com');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello</p>');
    const content = screen.getByTestId('editor-content');
    content.innerHTML = '<p>Hello <b>world</b></p>';
    fireEvent.input(content);
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello <b>world</b></p>');
  });

  it('draws every button in one size, grouped, and marks the styles on where the caret is', () => {
    Object.defineProperty(document, 'queryCommandState', {
      configurable: true,
      value: (command: string) => command === 'bold',
    });
    try {
      render(<RichTextEditor value="<p>Hello</p>" />);
      for (const cmd of EDITOR_COMMANDS) {
        const button = screen.getByTestId(`editor-${cmd.key}`);
        expect([button.style.width, button.style.height], cmd.key).toEqual(['28px', '28px']);
      }
      expect(
        screen.getByRole('toolbar').querySelectorAll('[aria-hidden="true"][style*="width: 1px"]'),
      ).toHaveLength(3);
      expect(screen.getByLabelText('Bold').getAttribute('aria-pressed')).toBe('false');
      const content = screen.getByTestId('editor-content');
      document.getSelection()?.selectAllChildren(content);
      fireEvent.keyUp(content);
      expect(screen.getByLabelText('Bold').getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByLabelText('Italic').getAttribute('aria-pressed')).toBe('false');
      // Inside a form field's <label>, a click in the text is not passed on to the first button.
      expect(fireEvent.click(content)).toBe(false);
      expect(fireEvent.click(screen.getByLabelText('Italic'))).toBe(true);
    } finally {
      Reflect.deleteProperty(document, 'queryCommandState');
    }
  });
});

describe('FilePicker', () => {
  it('shows the chosen file by name and size, and reports it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<FilePicker testId="pick" file={null} onChange={onChange} accept=".zip" />);
    expect(screen.getByTestId('pick-name').textContent).toBe('No file chosen');
    const input = screen.getByTestId('pick') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.zip');
    const file = new File([new Uint8Array(2_048)], 'site.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    rerender(<FilePicker testId="pick" file={file} onChange={onChange} />);
    expect(screen.getByTestId('pick-name').textContent).toBe('site.zip (2.0 KB)');
    expect(screen.getByTestId('pick-choose').textContent).toBe('Choose another file…');
  });

  it('opens the browser’s file chooser from its button', () => {
    render(<FilePicker testId="pick" file={null} onChange={() => undefined} />);
    const input = screen.getByTestId('pick') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByTestId('pick-choose'));
    expect(opened).toHaveBeenCalledOnce();
  });

  it('sizes read as people read them', () => {
    expect([fileSize(900), fileSize(1_536), fileSize(5 * 1024 * 1024)]).toEqual([
      '900 B',
      '1.5 KB',
      '5.0 MB',
    ]);
  });
});

describe('TagList', () => {
  it('keeps tags apart with a gap and lets them wrap (antd 6 tags have no margin of their own)', () => {
    render(
      <TagList testId="tags">
        <Tag>Active</Tag>
        <Tag>Promoted</Tag>
      </TagList>,
    );
    const list = screen.getByTestId('tags');
    expect(list.tagName).toBe('SPAN');
    expect(list.className).toMatch(/ant-flex-gap-small|ant-flex/);
    expect(list.className).toContain('ant-flex-wrap-wrap');
    expect([...list.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['Active', 'Promoted']);
  });
});

describe('ScreenLoading', () => {
  afterEach(() => vi.useRealTimers());

  it('shows no spinner for a fast load, and one once the load takes longer', () => {
    vi.useFakeTimers();
    render(<ScreenLoading />);
    const block = screen.getByTestId('screen-loading');
    expect(block.querySelector('.lm-spinner')).toBeNull();
    act(() => vi.advanceTimersByTime(SCREEN_SPINNER_DELAY_MS + 50));
    expect(block.querySelector('.lm-spinner')).not.toBeNull();
  });
});
