/** The contract of `GET /api/v1/feature_flags/`: the feature flags in force, by name. */
import { Type } from 'typebox';

export const FeatureFlagsResponse = Type.Object({ result: Type.Record(Type.String(), Type.Boolean()) });
