import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session';
import { dictionaryRoute } from '../test/dict-stub';
import { stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/fixtures';
import { renderPage } from '../test/render';
import { DictTag } from './dict';

const server = () =>
  stubFetch(
    dictionaryRoute({
      animal_status: [
        ['1', '在养', 'In care'],
        ['2', '已输出', ''],
      ],
    }),
  );

describe('dictionary labels follow the UI language (decision 0049)', () => {
  it('en: the English label, the Chinese one where the entry has none; the API is asked in English', async () => {
    signIn();
    useSession.getState().setLanguage('en');
    const net = server();
    renderPage(
      <>
        <DictTag code="animal_status" value="1" />
        <DictTag code="animal_status" value="2" />
      </>,
    );
    expect(await screen.findByText('In care')).toBeInTheDocument();
    expect(screen.getByText('已输出')).toBeInTheDocument();
    expect(net.calls[0]!.headers['accept-language']).toBe('en');
  });

  it('zh: the Chinese label, and the API is asked in Chinese', async () => {
    signIn();
    useSession.getState().setLanguage('zh');
    const net = server();
    renderPage(<DictTag code="animal_status" value="1" />);
    expect(await screen.findByText('在养')).toBeInTheDocument();
    expect(net.calls[0]!.headers['accept-language']).toBe('zh-CN');
  });
});
