import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsUUID,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import {
  LocalizedTextField,
  OptionalFlagsField,
  OptionalLocalizedTextField,
  OptionalLocalizedUrlField,
  RICH_TEXT_MAX,
  TEXT_MAX,
} from '../../../common/dto/localized-fields.js';
import { CanonicalId } from '../../../common/validators.js';

// Bodies shared by the admin writes of courses and formations (and their classes and modules).

/** A number, or a numeric string as a form sends it: the shared rule judges the value. */
export const IsPriceLike = () =>
  ValidateBy(
    {
      name: 'isPriceLike',
      validator: {
        validate: (v) =>
          v === undefined ||
          v === null ||
          (typeof v === 'number' && Number.isFinite(v)) ||
          (typeof v === 'string' && v.length <= 32),
      },
    },
    { message: 'price must be a number' },
  );

/** What every course and formation body has besides its texts: price, media and visibility. */
export class ItemMediaBodyDto {
  @ApiProperty({ type: Number, example: 49.9, description: 'USD' })
  @IsPriceLike()
  price!: number | string;

  @OptionalLocalizedUrlField()
  image?: Record<string, string | null>;

  @OptionalLocalizedTextField()
  image_public_id?: Record<string, string | null>;

  @OptionalLocalizedUrlField()
  pdf?: Record<string, string | null>;

  @OptionalLocalizedTextField()
  pdf_public_id?: Record<string, string | null>;

  @OptionalLocalizedUrlField()
  video?: Record<string, string | null>;

  @OptionalFlagsField()
  visible?: Record<string, boolean>;
}

/** POST/PUT of a course or formation (the full form). */
export class ItemBodyDto extends ItemMediaBodyDto {
  @LocalizedTextField()
  title!: Record<string, string | null>;

  @LocalizedTextField(RICH_TEXT_MAX)
  description!: Record<string, string | null>;
}

/** A PDF or video entry of a class. */
export class MediaBodyDto {
  @ApiPropertyOptional()
  @IsOptional()
  @CanonicalId()
  @IsUUID()
  _id?: string;

  @OptionalLocalizedUrlField()
  url?: Record<string, string | null>;

  @OptionalLocalizedTextField()
  public_id?: Record<string, string | null>;

  @OptionalLocalizedTextField()
  title?: Record<string, string | null>;

  @OptionalLocalizedTextField(RICH_TEXT_MAX)
  description?: Record<string, string | null>;
}

/** POST/PUT of a course class or a formation class. */
export class ClassBodyDto {
  @LocalizedTextField()
  title!: Record<string, string | null>;

  @OptionalLocalizedTextField()
  subtitle?: Record<string, string | null>;

  @LocalizedTextField(RICH_TEXT_MAX)
  content!: Record<string, string | null>;

  @OptionalLocalizedTextField(RICH_TEXT_MAX)
  secondaryContent?: Record<string, string | null>;

  @OptionalFlagsField()
  visible?: Record<string, boolean>;

  @ApiPropertyOptional({ type: [MediaBodyDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => MediaBodyDto)
  pdfs?: MediaBodyDto[];

  @ApiPropertyOptional({ type: [MediaBodyDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => MediaBodyDto)
  videos?: MediaBodyDto[];

  @ApiPropertyOptional({ description: 'course classes: the course id (the path id wins)' })
  @IsOptional()
  @CanonicalId()
  @IsUUID()
  course?: string;

  @ApiPropertyOptional({ description: 'formation classes: the module id (required on POST)' })
  @IsOptional()
  @CanonicalId()
  @IsUUID()
  moduleId?: string;
}

/** POST/PUT /modules. */
export class ModuleBodyDto {
  @ApiPropertyOptional({ description: 'required on POST' })
  @IsOptional()
  @CanonicalId()
  @IsUUID()
  formationId?: string;

  @LocalizedTextField()
  title!: Record<string, string | null>;

  @LocalizedTextField(RICH_TEXT_MAX)
  description!: Record<string, string | null>;

  @OptionalFlagsField()
  visible?: Record<string, boolean>;
}

/** PUT .../order: every child id once, in the new order. */
export class OrderBodyDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(1000)
  @CanonicalId()
  @IsUUID('all', { each: true })
  ids!: string[];
}

/** PATCH /courses/{id}/visibility/language and /formations/{id}/visibility/language. */
export class VisibilityBodyDto {
  @ApiProperty({ enum: LANGUAGES })
  @IsIn(LANGUAGES, { message: 'language must be one of es, en, fr' })
  language!: Lang;
}

export { TEXT_MAX };
