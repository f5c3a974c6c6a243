import { describe, expect, it } from 'vitest';
import { applicationErrors, fieldOfServerError } from './consultant-submission.tsx';

const valid = {
  name: 'Rita',
  company: '',
  specialty: '',
  bio: '',
  contactEmail: 'rita@example.com',
  websiteUrl: '',
  imageUrl: null,
  phone: '',
};

describe('consultant form errors', () => {
  it("finds each field's problem with the server's rules", () => {
    expect(applicationErrors(valid)).toEqual({});
    expect(
      applicationErrors({ ...valid, name: ' ', contactEmail: 'rita', websiteUrl: 'rankwell' }),
    ).toEqual({
      name: 'Name is required',
      contactEmail: 'Please enter a valid email address',
      websiteUrl: 'Please enter a valid URL starting with http:// or https://',
    });
  });

  it("puts a server refusal that names a field under that field, in the server's words", () => {
    expect(fieldOfServerError('contactEmail: Please enter a valid email address')).toEqual({
      contactEmail: 'Please enter a valid email address',
    });
    expect(fieldOfServerError('Too many requests')).toBeNull();
    expect(fieldOfServerError('password: nope')).toBeNull();
  });
});
