import { IsIn, IsOptional } from 'class-validator';
import { DEFAULT_LANG, LANGUAGES, type Lang } from '@circo/shared-contracts';

/** `?lang=es|en|fr`, Spanish when absent. */
export class LangQueryDto {
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'lang must be one of es, en, fr' })
  lang: Lang = DEFAULT_LANG;
}
