import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, ValidateBy } from 'class-validator';
import {
  ITEM_TYPES,
  PLAN_INTERVALS,
  type PlanBody,
  type PlanIncludes,
  type PlanInterval,
} from '@circo/shared-contracts';
import {
  LocalizedTextField,
  OptionalLocalizedTextField,
  RICH_TEXT_MAX,
} from '../../../common/dto/localized-fields.js';

/** How many courses and formations one plan may list. */
export const PLAN_ITEMS_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TYPES = new Set<string>(ITEM_TYPES);

/** 'all', or a list of `{ itemType, itemId }` with nothing else in them. */
function isIncludes(v: unknown): boolean {
  if (v === 'all') return true;
  if (!Array.isArray(v) || v.length > PLAN_ITEMS_MAX) return false;
  return v.every((i: unknown) => {
    if (typeof i !== 'object' || i === null || Array.isArray(i)) return false;
    const keys = Object.keys(i);
    const { itemType, itemId } = i as Record<string, unknown>;
    return (
      keys.length === 2 &&
      typeof itemType === 'string' &&
      TYPES.has(itemType) &&
      typeof itemId === 'string' &&
      UUID.test(itemId)
    );
  });
}

// ids compared in canonical form (lower case), as every other id of the API
const canonicalIncludes = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value)
    ? value.map((i: unknown) =>
        i && typeof i === 'object' && typeof (i as { itemId?: unknown }).itemId === 'string'
          ? { ...i, itemId: (i as { itemId: string }).itemId.toLowerCase() }
          : i,
      )
    : value;

/** POST /admin/plans and PUT /admin/plans/{id}. */
export class PlanBodyDto implements Omit<PlanBody, 'price'> {
  @LocalizedTextField()
  name!: Record<string, string | null>;

  @OptionalLocalizedTextField(RICH_TEXT_MAX)
  description?: Record<string, string | null>;

  @ApiProperty({ description: 'USD per interval, above zero', example: 19 })
  @ValidateBy(
    {
      name: 'isPriceValue',
      validator: {
        // a missing or unreadable price is the shared rule's (with the spec's message)
        validate: (v) =>
          v === undefined ||
          v === null ||
          (typeof v === 'number' && Number.isFinite(v)) ||
          (typeof v === 'string' && v.length <= 32),
      },
    },
    { message: 'price must be a number' },
  )
  price!: number | string;

  @ApiProperty({ enum: PLAN_INTERVALS })
  @IsIn(PLAN_INTERVALS, { message: 'interval must be month or year' })
  interval!: PlanInterval;

  @ApiProperty({
    description: "'all', or the courses and formations it opens",
    oneOf: [
      { type: 'string', enum: ['all'] },
      {
        type: 'array',
        maxItems: PLAN_ITEMS_MAX,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['itemType', 'itemId'],
          properties: {
            itemType: { type: 'string', enum: [...ITEM_TYPES] },
            itemId: { type: 'string', format: 'uuid' },
          },
        },
      },
    ],
  })
  @Transform(canonicalIncludes)
  @ValidateBy(
    { name: 'isPlanIncludes', validator: { validate: isIncludes } },
    {
      message: `includes must be 'all' or a list of at most ${PLAN_ITEMS_MAX} { itemType: course|formation, itemId } entries`,
    },
  )
  includes!: PlanIncludes;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
