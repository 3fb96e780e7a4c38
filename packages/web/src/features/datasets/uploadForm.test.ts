import { describe, expect, it } from 'vitest';
import { uploadFormData } from '../../api/upload.ts';
import {
  DEFAULT_UPLOAD_VALUES,
  fileTypeOf,
  tableNameFromFile,
  uploadRequest,
  valuesForFile,
} from './uploadForm.ts';

describe('upload form defaults', () => {
  it('tells the file type from the extension', () => {
    expect(fileTypeOf('a.CSV')).toBe('csv');
    expect(fileTypeOf('a.tsv')).toBe('csv');
    expect(fileTypeOf('a.xlsx')).toBe('excel');
    expect(fileTypeOf('a.xls')).toBe('excel');
    expect(fileTypeOf('a.parquet')).toBe('columnar');
    expect(fileTypeOf('a.pdf')).toBeUndefined();
  });

  it('names the table after the file', () => {
    expect(tableNameFromFile('Sales report 2024.csv')).toBe('sales_report_2024');
    expect(tableNameFromFile('продажи-май.xlsx')).toBe('продажи_май');
    expect(tableNameFromFile('2024.csv')).toBe('t_2024');
    expect(tableNameFromFile('---.csv')).toBe('uploaded_table');
  });

  it('starts with fail-if-exists, a comma and the first row as header', () => {
    expect(DEFAULT_UPLOAD_VALUES).toMatchObject({ already_exists: 'fail', delimiter: ',', header_row: 1 });
  });

  it('renames the table when a new file is picked, unless the name was typed', () => {
    expect(valuesForFile('orders.csv', { table_name: '', delimiter: ',' })).toEqual({ table_name: 'orders' });
    expect(valuesForFile('b.csv', { table_name: 'a', delimiter: ',' }, 'a.csv')).toEqual({ table_name: 'b' });
    expect(valuesForFile('b.csv', { table_name: 'mine', delimiter: ',' }, 'a.csv')).toEqual({});
    expect(valuesForFile('c.tsv', { table_name: '', delimiter: ',' })).toEqual({
      table_name: 'c',
      delimiter: '\t',
    });
  });

  it('builds the multipart body with Superset field names and a 0-based header row', () => {
    const file = new File(['a,b\n1,2\n'], 'orders.csv', { type: 'text/csv' });
    const request = uploadRequest(
      {
        ...DEFAULT_UPLOAD_VALUES,
        database: 1,
        schema: 'main',
        table_name: ' orders ',
        column_dates: ['day', ' '],
      },
      file,
    );
    expect(request).toMatchObject({
      databaseId: 1,
      type: 'csv',
      tableName: 'orders',
      headerRow: 0,
      columnDates: ['day'],
    });
    const form = uploadFormData(request);
    expect(form.get('type')).toBe('csv');
    expect(form.get('table_name')).toBe('orders');
    expect(form.get('schema')).toBe('main');
    expect(form.get('already_exists')).toBe('fail');
    expect(form.get('delimiter')).toBe(',');
    expect(form.get('header_row')).toBe('0');
    expect(form.get('column_dates')).toBe('day');
    expect(form.get('file')).toBeInstanceOf(File);
  });

  it('tells the server when the file has no header row', () => {
    const file = new File(['1,2\n'], 'numbers.csv');
    const request = uploadRequest(
      { ...DEFAULT_UPLOAD_VALUES, database: 1, table_name: 'numbers', header_row: 0 },
      file,
    );
    expect(request.headerRow).toBeNull();
    expect(uploadFormData(request).get('header_row')).toBe('none');
  });
});
