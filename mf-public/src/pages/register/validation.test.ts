import { describe, expect, it } from 'vitest';
import {
  signUpServerError,
  taxVatText,
  type UserDetails,
  validateCompanyDetails,
  validateUserDetails,
} from './validation.ts';

const valid: UserDetails = {
  username: 'petar.p',
  password: 'password123',
  confirm: 'password123',
  email: 'petar@example.com',
  FirstName: 'Petar',
  LastName: 'Petrovic',
  Country: 'RS',
  ZIP: '11000',
  Experience: '2',
  ContactWhatsApp: '',
  ContactSkype: '',
  ContactTelegram: '',
  terms: true,
};

describe('publisher sign-up rules, in the spec order', () => {
  it('passes a complete form', () => {
    expect(validateUserDetails(valid, 'publisher')).toBeNull();
  });

  it.each<[Partial<UserDetails>, string, string]>([
    [{ terms: false }, 'terms', 'Please accept terms and conditions'],
    [{ Country: undefined }, 'Country', 'Please choose your country'],
    [{ username: 'abcd' }, 'username', 'Username must have at least 5 characters'],
    [{ password: 'short', confirm: 'short' }, 'password', 'Password must have at least 8 characters'],
    [{ confirm: 'different1' }, 'confirm', 'Please enter two same passwords'],
    [
      { password: 'x'.repeat(65), confirm: 'x'.repeat(65) },
      'password',
      'Password must be between 8 and 64 characters',
    ],
    [{ FirstName: 'Petar2' }, 'FirstName', 'Please remove numbers from your name'],
    [{ LastName: 'P3trovic' }, 'LastName', 'Please remove numbers from your name'],
    [{ email: 'petar@' }, 'email', 'Please enter correct e-mail'],
  ])('%j → %s', (override, field, message) => {
    expect(validateUserDetails({ ...valid, ...override }, 'publisher')).toEqual({ field, message });
  });

  it('reports the first broken rule only', () => {
    expect(
      validateUserDetails({ ...valid, terms: false, Country: undefined, username: 'a' }, 'publisher')?.field,
    ).toBe('terms');
    expect(validateUserDetails({ ...valid, username: 'a', FirstName: '1' }, 'publisher')?.field).toBe(
      'username',
    );
  });

  it('a five-character username is enough for a publisher, not for an advertiser', () => {
    expect(validateUserDetails({ ...valid, username: 'abcde' }, 'publisher')).toBeNull();
    expect(validateUserDetails({ ...valid, username: 'abcdefg' }, 'advertiser')).toEqual({
      field: 'username',
      message: 'Username must have at least 8 characters',
    });
    expect(validateUserDetails({ ...valid, username: 'abcdefgh' }, 'advertiser')).toBeNull();
  });
});

describe('advertiser company step', () => {
  const company = {
    CompanyName: 'Acme',
    CompanyAddress: 'Main 1',
    CompanyCity: 'Belgrade',
    CompanyZipCode: '11000',
    TaxNumber: '123',
    VatNumber: 'RS123',
  };
  it('requires name and address with the spec messages, and a numeric ZIP', () => {
    expect(validateCompanyDetails(company)).toBeNull();
    expect(validateCompanyDetails({ ...company, CompanyName: ' ' })?.message).toBe(
      'Please enter your  company name',
    );
    expect(validateCompanyDetails({ ...company, CompanyAddress: '' })?.message).toBe(
      'Please enter your company adress',
    );
    expect(validateCompanyDetails({ ...company, CompanyZipCode: '11a' })).toEqual({
      field: 'CompanyZipCode',
      message: 'ZIP must be a number!',
    });
    expect(validateCompanyDetails({ ...company, TaxNumber: '' })?.field).toBe('TaxNumber');
    expect(validateCompanyDetails({ ...company, VatNumber: '' })?.field).toBe('VatNumber');
  });

  it('sends tax and VAT as one text', () => {
    expect(taxVatText(' 123 ', 'RS123')).toBe('Tax: 123, VAT: RS123');
  });
});

describe('server answers', () => {
  it('maps the sign-up codes to the messages of public §8', () => {
    expect(signUpServerError('USER_ALREADY_EXISTS')).toEqual({
      field: 'username',
      message:
        'The user with the entered email or username already exists please check your email or change username',
    });
    expect(signUpServerError('FIRST_OR_LAST_NAME_EMPTY').message).toBe(
      'Please enter your first and last name',
    );
    expect(signUpServerError('ZIP_EMPTY_OR_INVALID')).toEqual({
      field: 'ZIP',
      message: 'Please check your ZIP code',
    });
    expect(signUpServerError('EXPERIENCE_EMPTY_OR_INVALID')).toEqual({
      field: 'Experience',
      message: 'Experience must be number',
    });
    expect(signUpServerError('RATE_LIMITED').message).toBe(
      'Registration failed please check your email and username',
    );
    expect(signUpServerError('SERVER_ERROR').message).toBe('Server timed out');
    expect(
      signUpServerError('VALIDATION_ERROR', {
        field: 'username',
        message: 'username: Username may use letters',
      }),
    ).toEqual({
      field: 'username',
      message: 'Username may use letters',
    });
  });
});
