// Loaded before any test file: decorators need the Reflect metadata API.
import 'reflect-metadata';
