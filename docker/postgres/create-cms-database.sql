-- The commerce service uses the database the image creates (POSTGRES_DB); the CMS gets its own.
CREATE DATABASE cms OWNER shop;
