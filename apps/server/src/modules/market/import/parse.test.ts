import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectLayout, normalizeSymbol, parseDate, parseDayIn, parseNumber, parseNumberIn } from './formats.js';
import { dayNumberFast } from '../dates.js';
import { FileRejected, NOT_A_REGULAR_FILE, readLines, splitCsv, tooLargeReason } from './line-reader.js';
import { batchRows, dailyBars, instrumentRows, IssueLog, openCsv, type BarTuple } from './parse.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-parse-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

function parseDaily(file: string): { bars: BarTuple[]; issues: ReturnType<IssueLog['finish']> } {
  const log = new IssueLog(file);
  const bars = [...dailyBars(openCsv(file), log)].flatMap(batchRows);
  return { bars, issues: log.finish() };
}

describe('formats', () => {
  it('recognises each header, case- and bracket-insensitively', () => {
    expect(
      detectLayout(splitCsv('<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>'))?.format,
    ).toBe('stooq');
    expect(detectLayout(splitCsv('Date,Open,High,Low,Close,Adj Close,Volume'))?.format).toBe('yahoo');
    expect(detectLayout(splitCsv('Date,Open,High,Low,Close,Volume'))?.format).toBe('plain');
    expect(detectLayout(splitCsv('Date,Open,High,Low,Close,Volume,OpenInt'))?.format).toBe('plain');
    expect(detectLayout(splitCsv('symbol,name,type,sector,industry'))?.format).toBe('instruments');
    expect(detectLayout(splitCsv('symbol,name,type,sector,industry,marketCap'))?.format).toBe('instruments');
    expect(detectLayout(splitCsv('Date,Price'))).toBeNull();
    expect(detectLayout(splitCsv('Date,Open,High,Low,Close,Volume,Extra'))).toBeNull();
    expect(detectLayout(splitCsv('Date,Open,High,Low,Close,Close'))).toBeNull();
  });

  it('parses dates strictly', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('20240102')).toBe('2024-01-02');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(parseDate('2024/01/02')).toBeNull();
    expect(parseDate('02-01-2024')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('parses numbers exactly like Number() and rejects non-decimals', () => {
    for (const t of ['0', '1', '2.4327', '187.15', '-3.5', '0.1', '123456789012345', '1e3', '.5', '82488700'])
      expect(parseNumber(t)).toBe(Number(t));
    for (const t of ['', '-', 'abc', '0x10', 'Infinity', '1.2.3', '12a', 'NaN']) expect(parseNumber(t)).toBeNaN();
  });

  it('reads a number or a date inside a line exactly as from the trimmed field alone', () => {
    const fields = [
      '0',
      '187.15',
      ' 2.5',
      '3.25 ',
      '\t7',
      '-0.5',
      '1e3',
      '',
      ' ',
      '12a',
      '1234567890123456',
      '0.1',
      '\u00a01',
    ];
    for (const f of fields) {
      const line = `x,${f},y`;
      const trimmed = f.length > 0 && f.charCodeAt(0) > 32 && f.charCodeAt(f.length - 1) > 32 ? f : f.trim();
      expect(Object.is(parseNumberIn(line, 2, 2 + f.length), parseNumber(trimmed)), JSON.stringify(f)).toBe(true);
    }
    for (const d of ['2024-02-29', '20240229', '2023-02-29', '2024-1-02', ' 2024-01-02', '2024/01/02', '']) {
      const line = `${d},1`;
      const date = parseDate(d);
      const day = parseDayIn(line, 0, d.length);
      if (date === null || d.trim() !== d) expect(day, d).toBeNaN();
      else expect(day, d).toBe(dayNumberFast(date));
    }
  });

  it('takes the same rows from a line with quotes, spaces or a Stooq date as from a plain one', () => {
    const file = write(
      'fields/Q.csv',
      'Date,Open,High,Low,Close,Volume\n' +
        '2024-01-02,1,2,0.5,1.5,100\n' +
        '" 2024-01-03","1","2","0.5","1.5","100"\n' +
        ' 2024-01-04 , 1 ,2,0.5,1.5, 100\n' +
        '20240105,1,2,0.5,1.5,100\n' +
        '2024-01-08,1,2,0.5,1.5,100,\n',
    );
    const { bars, issues } = parseDaily(file);
    expect(bars.map((b) => b[1])).toEqual(['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
    for (const b of bars) expect(b.slice(2)).toEqual([1, 2, 0.5, 1.5, 100]);
    expect(issues).toEqual([{ file, line: 6, reason: 'expected 6 fields, found 7', action: 'skip' }]);
  });

  it('reads every row from the bytes exactly as the line-by-line rules do (plain and Yahoo)', () => {
    const plain = [
      'Date,Open,High,Low,Close,Volume',
      '2024-01-02,1,2,0.5,1.5,100',
      '2024-01-03,1.25,2.5,0.75,2,0', // zero volume
      '2024-01-04,1,2,0.5,1.5,-0', // −0 volume (taken, by the rules)
      '2024-01-05,1,2,0.5,1.5,1e3', // an exponent
      '2024-01-08,1.0000000000000001,2,0.5,1.5,100', // 17 digits
      '2024-01-09,1,2,0.5,2.005,100', // a close just above the high: repaired
      '2024-01-10,1,2,0.5,9,100', // far outside: skipped
      '2024-01-10,1,2,0.5,1.5,100', // (after the skipped one) taken
      '2024-01-10,1,2,0.5,1.5,100', // a duplicate
      '2024-01-09,1,2,0.5,1.5,100', // out of order
      '2024-01-11,0,2,0.5,1.5,100', // non-positive
      '2024-01-12,1,0.4,0.5,0.45,100', // high below low
      '2024-01-15,1,2,0.5,1.5,', // missing volume
      '2024-01-16, 1,2,0.5,1.5,100', // a space
      '2024-01-17,1,2,0.5,1.5,100\r', // CRLF
      '2024-01-18,1,2,0.5,1.5,1\u00a0', // non-ASCII
      '2024-02-30,1,2,0.5,1.5,100', // no such day
      '20240219,1,2,0.5,1.5,100', // a Stooq date
      '',
      '2024-02-20,1,2,0.5,1.5,100,7', // a field too many
      '2024-02-21,1,2,0.5,1.5', // one too few
      '2024-02-22,+1,2,0.5,1.5,100', // a plus sign
      '2024-02-23,.5,2,0.5,1.5,100',
      '2024-02-26,5.,6,0.5,5,100',
      '2024-02-27,123456789012345,123456789012346,1,123456789012345,100',
    ].join('\n');
    const yahoo = [
      'Date,Open,High,Low,Close,Adj Close,Volume',
      '2024-01-02,10,12,9,11,5.5,100',
      '2024-01-03,null,null,null,null,null,null',
      '2024-01-04,10,12,9,11,0,100',
      '2024-01-05,10,12,9,11,11,100',
      '2024-01-08,10,12,9,11,abc,100',
      '2024-01-09,10,12,9,11,3.3,100',
    ].join('\n');
    for (const [name, text] of [
      ['bytes/P.csv', plain],
      ['bytes/Y.csv', yahoo],
      ['bytes/B.csv', `\ufeff${plain}\n`],
    ] as const) {
      const file = write(name, text);
      const fromBytes = new IssueLog(file);
      const rows = [...dailyBars(openCsv(file), fromBytes)].flatMap(batchRows);
      const opened = openCsv(file);
      const fromLines = new IssueLog(file);
      const expected = [...dailyBars({ ...opened, reader: undefined }, fromLines)].flatMap(batchRows);
      expect(rows.length, name).toBeGreaterThan(2);
      expect(
        rows.map((r) => r.map((v) => (Object.is(v, -0) ? '-0' : v))),
        name,
      ).toEqual(expected.map((r) => r.map((v) => (Object.is(v, -0) ? '-0' : v))));
      expect(fromBytes.finish(), name).toEqual(fromLines.finish());
    }
  });

  it('normalises symbols: upper case, two-letter market suffix removed', () => {
    expect(normalizeSymbol('aapl.us')).toBe('AAPL');
    expect(normalizeSymbol('BRK.B')).toBe('BRK.B');
    expect(normalizeSymbol(' ^gspc ')).toBe('^GSPC');
  });

  it('splits quoted fields', () => {
    expect(splitCsv('A,"B, Inc.","say ""hi"""')).toEqual(['A', 'B, Inc.', 'say "hi"']);
  });
});

describe('readLines', () => {
  it('strips a BOM and CR of CRLF, keeps a last line without newline', () => {
    const file = write('lines.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,b\r\nc,d\r\ne,f')]));
    expect([...readLines(file)]).toEqual(['a,b', 'c,d', 'e,f']);
  });

  it('reads lines across chunk boundaries and multi-byte characters', () => {
    const line = `${'é'.repeat(300)},x`;
    const content = Array.from({ length: 5000 }, () => line).join('\n');
    const file = write('big.csv', content);
    const lines = [...readLines(file)];
    expect(lines.length).toBe(5000);
    expect(lines.every((l) => l === line)).toBe(true);
  });

  it('rejects binary content', () => {
    const file = write('bin.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect(() => [...readLines(file)]).toThrow(FileRejected);
  });

  describe('with limits (the admin API)', () => {
    const limits = { maxBytes: 64 };
    const rejected = (file: string) => {
      try {
        Array.from(readLines(file, limits));
      } catch (error) {
        return error instanceof FileRejected ? error.reason : `not FileRejected: ${String(error)}`;
      }
      return 'read';
    };

    it('reads a regular file up to the limit', () => {
      expect([...readLines(write('limit/ok.csv', 'a,b\nc,d\n'), limits)]).toEqual(['a,b', 'c,d']);
      expect(rejected(write('limit/big.csv', 'x'.repeat(65)))).toBe(tooLargeReason(64));
    });

    it('rejects a FIFO without waiting for a writer', () => {
      const fifo = path.join(dir, 'limit-fifo.csv');
      execFileSync('mkfifo', [fifo]);
      // If the open ever blocked, this writer would release it after 2 s (and the timing fail).
      const writer = spawn('timeout', ['5', 'sh', '-c', 'sleep 2; printf "a\\n" > "$1"', 'sh', fifo], {
        stdio: 'ignore',
      });
      try {
        const started = Date.now();
        expect(rejected(fifo)).toBe(NOT_A_REGULAR_FILE);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        writer.kill();
      }
    });

    it('rejects devices and folders, and does not follow a symlink', () => {
      expect(rejected('/dev/zero')).toBe(NOT_A_REGULAR_FILE);
      expect(rejected(dir)).toBe(NOT_A_REGULAR_FILE);
      const link = path.join(dir, 'limit-link.csv');
      fs.symlinkSync(write('limit/target.csv', 'a\n'), link);
      expect(() => [...readLines(link, limits)]).toThrow(expect.objectContaining({ code: 'ELOOP' }));
      expect([...readLines(link)]).toEqual(['a']);
    });
  });
});

describe('daily files', () => {
  it('reads a plain file, symbol from the file name (Kaggle style aapl.us.txt)', () => {
    const file = write(
      'kaggle/aapl.us.txt',
      'Date,Open,High,Low,Close,Volume,OpenInt\n2024-01-02,10,11,9,10.5,100,0\n',
    );
    expect(parseDaily(file).bars).toEqual([['AAPL', '2024-01-02', 10, 11, 9, 10.5, 100]]);
  });

  it('adjusts Yahoo prices by Adj Close / Close and skips null rows as missing days', () => {
    const file = write(
      'y/MSFT.csv',
      'Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,100,110,90,100,50,1000\n2024-01-03,null,null,null,null,null,null\n',
    );
    const { bars, issues } = parseDaily(file);
    expect(bars).toEqual([['MSFT', '2024-01-02', 50, 55, 45, 50, 1000]]);
    expect(issues).toEqual([{ file, line: 3, reason: 'missing day (null values)', action: 'skip' }]);
  });

  it('reads Stooq rows with their tickers and skips non-daily periods', () => {
    const file = write(
      's/x.txt',
      '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>\nAAPL.US,D,20240102,000000,1,2,0.5,1.5,10,0\nAAPL.US,W,20240103,000000,1,2,0.5,1.5,10,0\nSPY.US,D,20240102,000000,4,5,3,4,7,0\n',
    );
    const { bars, issues } = parseDaily(file);
    expect(bars).toEqual([
      ['AAPL', '2024-01-02', 1, 2, 0.5, 1.5, 10],
      ['SPY', '2024-01-02', 4, 5, 3, 4, 7],
    ]);
    expect(issues).toEqual([{ file, line: 3, reason: 'not a daily bar (period "W")', action: 'skip' }]);
  });

  it('reports every kind of bad row with its line and action', () => {
    const rows = [
      'Date,Open,High,Low,Close,Volume', // 1
      '2024-01-02,10,11,9,10,100', // 2 ok
      '2024-13-01,10,11,9,10,100', // 3 bad date
      '2024-01-03,10,abc,9,10,100', // 4 bad number
      '2024-01-04,10,,9,10,100', // 5 missing value
      '2024-01-05,0,11,9,10,100', // 6 non-positive
      '2024-01-08,10,9,11,10,100', // 7 high below low
      '2024-01-09,10,11,9,20,100', // 8 close far outside range
      '2024-01-10,10,11,9,11.02,100', // 9 close slightly above high: repaired
      '2024-01-10,10,11,9,10,100', // 10 duplicate
      '2024-01-04,10,11,9,10,100', // 11 out of order
      '2024-01-11,10,11,9,10', // 12 wrong field count
      '2024-01-12,10,11,9,10,-5', // 13 negative volume
      '', // 14 empty line
      '2024-01-15,10,11,9,10,100', // 15 ok
    ];
    const file = write('bad/BAD.csv', rows.join('\n'));
    const { bars, issues } = parseDaily(file);
    expect(bars.map((b) => b[1])).toEqual(['2024-01-02', '2024-01-10', '2024-01-15']);
    expect(bars[1]).toEqual(['BAD', '2024-01-10', 10, 11.02, 9, 11.02, 100]);
    expect(issues.map((i) => [i.line, i.action, i.reason])).toEqual([
      [3, 'skip', 'unparseable date "2024-13-01"'],
      [4, 'skip', 'unparseable number "abc" for high'],
      [5, 'skip', 'missing high'],
      [6, 'skip', 'non-positive price'],
      [7, 'skip', 'high 9 below low 11'],
      [8, 'skip', "close 20 outside the day's range 9–11"],
      [9, 'repair', "close 11.02 slightly outside the day's range: range widened to 9–11.02"],
      [10, 'skip', 'duplicate date 2024-01-10'],
      [11, 'skip', 'out-of-order date 2024-01-04 (after 2024-01-10)'],
      [12, 'skip', 'expected 6 fields, found 5'],
      [13, 'skip', 'negative volume'],
      [14, 'skip', 'empty line'],
    ]);
    expect(issues.every((i) => i.file === file)).toBe(true);
  });

  it("leaves the file's text out of every reason when content is withheld", () => {
    const secret = 'hunter2';
    expect(() => openCsv(write('w/X.csv', `${secret},x\n`), undefined, { withholdContent: true })).toThrow(
      /^unknown header: expected Stooq/,
    );
    const daily = write(
      'w/Y.csv',
      `Date,Open,High,Low,Close,Volume\n${secret},1,1,1,1,1\n2024-01-02,${secret},1,1,1,1\n2024-01-03,1,1,1,1,${secret}\n`,
    );
    const log = new IssueLog(daily, true);
    expect([...dailyBars(openCsv(daily, undefined, { withholdContent: true }), log)]).toEqual([]);
    expect(log.finish().map((i) => i.reason)).toEqual([
      'unparseable date',
      'unparseable number for open',
      'unparseable number for volume',
    ]);
    const stooq = write(
      'w/s.txt',
      `<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>\n${secret} x,D,20240102,0,1,1,1,1,1\nA.US,${secret},20240102,0,1,1,1,1,1\n`,
    );
    const stooqLog = new IssueLog(stooq, true);
    Array.from(dailyBars(openCsv(stooq, undefined, { withholdContent: true }), stooqLog));
    expect(stooqLog.finish().map((i) => i.reason)).toEqual(['invalid ticker', 'not a daily bar']);
    const instruments = write(
      'w/instruments.csv',
      `symbol,name,type,sector,industry,marketCap\n${secret} x,N,stock,,,\nA,N,${secret},,,\nB,N,stock,,,${secret}\n`,
    );
    const instrumentLog = new IssueLog(instruments, true);
    Array.from(instrumentRows(openCsv(instruments, undefined, { withholdContent: true }), instrumentLog));
    expect(instrumentLog.finish().map((i) => i.reason)).toEqual([
      'invalid symbol',
      'unknown type (expected stock, etf or index)',
      'invalid market cap: stored as unknown',
    ]);
  });

  it('takes the symbol from the name asked for, not the path opened', () => {
    const file = write('n/opened-under-another-name.csv', 'Date,Open,High,Low,Close,Volume\n2024-01-02,1,1,1,1,1\n');
    expect(openCsv(file, undefined, { name: 'folder/MSFT.csv' }).fileSymbol).toBe('MSFT');
  });

  it('rejects unknown headers, empty files and file names that are no symbol', () => {
    expect(() => openCsv(write('u/X.csv', 'Date,Price\n2024-01-02,1\n'))).toThrow(/unknown header "Date,Price"/);
    expect(() => openCsv(write('e/X.csv', ''))).toThrow(/empty file/);
    expect(() => openCsv(write('n/bad name!.csv', 'Date,Open,High,Low,Close,Volume\n'))).toThrow(
      /cannot take a symbol/,
    );
  });
});

describe('instruments files', () => {
  it('reads rows with quotes and optional market cap; skips and repairs bad ones', () => {
    const file = write(
      'i/instruments.csv',
      'symbol,name,type,sector,industry,marketCap\nIBM,"IBM, Corp.",stock,Information Technology,IT Services,2e11\nSPY,SPDR,ETF,,,\nBAD SYMBOL,X,stock,,,\nXOM,,stock,Energy,Oil,\nFOO,Foo,bond,,,\nIBM,Again,stock,,,\nBAR,Bar Inc,stock,,,lots\n',
    );
    const log = new IssueLog(file);
    const rows = [...instrumentRows(openCsv(file), log)];
    expect(rows).toEqual([
      {
        symbol: 'IBM',
        name: 'IBM, Corp.',
        type: 'stock',
        sector: 'Information Technology',
        industry: 'IT Services',
        marketCap: 2e11,
      },
      { symbol: 'SPY', name: 'SPDR', type: 'etf', sector: null, industry: null, marketCap: null },
      { symbol: 'BAR', name: 'Bar Inc', type: 'stock', sector: null, industry: null, marketCap: null },
    ]);
    expect(log.finish().map((i) => [i.line, i.action])).toEqual([
      [4, 'skip'],
      [5, 'skip'],
      [6, 'skip'],
      [7, 'skip'],
      [8, 'repair'],
    ]);
  });
});
