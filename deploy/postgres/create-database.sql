-- The Solstice role and database on a Debian PostgreSQL (apt-get install postgresql):
--   password="$(openssl rand -hex 24)" && echo "$password"
--   sudo -u postgres psql -v password="$password" -f deploy/postgres/create-database.sql
-- then DATABASE_URL=postgres://solstice:<that password>@127.0.0.1:5432/solstice.
-- The app creates and migrates its tables itself (at start, or `solstice db migrate`).
\set ON_ERROR_STOP on
CREATE ROLE solstice LOGIN PASSWORD :'password';
CREATE DATABASE solstice OWNER solstice ENCODING 'UTF8' TEMPLATE template0;
REVOKE CONNECT ON DATABASE solstice FROM PUBLIC;
GRANT CONNECT ON DATABASE solstice TO solstice;
