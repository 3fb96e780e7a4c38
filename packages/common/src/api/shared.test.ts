import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Columns, Nullable, WithPartialRefs } from './shared.ts';

const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });
const Item = Type.Object({
  id: Type.Integer(),
  owner: Nullable(Ref),
  tags: Type.Array(Ref, { description: 'Tags' }),
  extra: Type.Record(Type.String(), Type.Unknown()),
  nested: Type.Object({ inner: Ref }),
});

describe('Columns', () => {
  it('makes every field optional and every ref in part, as `columns:!(owner.id)` may ask', () => {
    const served = JSON.parse(JSON.stringify(Columns(Item)));
    expect(served.required).toBeUndefined();
    expect(served.properties.owner.anyOf[0].required).toBeUndefined();
    expect(served.properties.tags.items.required).toBeUndefined();
    expect(served.properties.tags.description).toBe('Tags');
  });

  it('leaves records and what a ref holds as they are', () => {
    const served = JSON.parse(JSON.stringify(Columns(Item)));
    expect(served.properties.extra).toEqual(JSON.parse(JSON.stringify(Item.properties.extra)));
    expect(served.properties.nested.properties.inner.required).toEqual(['id', 'name']);
  });
});

describe('WithPartialRefs', () => {
  it('keeps the item whole and its refs in part', () => {
    const served = JSON.parse(JSON.stringify(WithPartialRefs(Item)));
    expect(served.required).toEqual(['id', 'owner', 'tags', 'extra', 'nested']);
    expect(served.properties.tags.items.required).toBeUndefined();
  });
});
