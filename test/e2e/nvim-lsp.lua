-- Headless Neovim (0.7+) check that the segoc language server works with a non-VS Code LSP client.
--
--   SEGOC_SERVER=dist/server.js SEGOC_FILE=samples/x.segoc SEGOC_OUT=/tmp/diags.json \
--     nvim --headless -u NONE -i NONE -n -c 'luafile test/e2e/nvim-lsp.lua'
--
-- Environment:
--   SEGOC_SERVER  path to the built server JS, run as `node $SEGOC_SERVER --stdio` (required)
--   SEGOC_FILE    the .segoc file to open (required)
--   SEGOC_OUT     where to write the JSON result (required)
--   SEGOC_NODE    node binary (default: node)
--   SEGOC_TIMEOUT_MS        how long to wait for diagnostics (default 15000)
--   SEGOC_MIN_DIAGNOSTICS   wait until a publish for the file has at least this many (default 0:
--                           the first publishDiagnostics for the file is taken)
--
-- Output (SEGOC_OUT): on success a JSON array of the diagnostics of the last publishDiagnostics for
-- the file, each {"message", "code", "severity", "source", "range": {"start": {"line","character"},
-- "end": {...}}} (LSP positions: 0-based). On failure an object {"error": "timeout"|"...", ...}.
-- Neovim always quits with :qa! (exit 0) -- read the JSON to know the outcome.

local env = function(name, default)
  local v = os.getenv(name)
  if v == nil or v == '' then return default end
  return v
end

local out_path = env('SEGOC_OUT', nil)
local server = env('SEGOC_SERVER', nil)
local file = env('SEGOC_FILE', nil)
local node = env('SEGOC_NODE', 'node')
local timeout_ms = tonumber(env('SEGOC_TIMEOUT_MS', '15000'))
local min_diags = tonumber(env('SEGOC_MIN_DIAGNOSTICS', '0'))

local function write_json(value)
  if not out_path then
    io.stderr:write('nvim-lsp.lua: SEGOC_OUT is not set\n')
    return
  end
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.fn.json_encode(value))
  f:write('\n')
  f:close()
end

local function finish(value)
  write_json(value)
  vim.cmd('qa!')
end

if not out_path or not server or not file then
  finish({ error = 'SEGOC_SERVER, SEGOC_FILE and SEGOC_OUT must be set' })
  return
end
if vim.fn.filereadable(server) ~= 1 then
  finish({ error = 'server not found: ' .. server })
  return
end
if vim.fn.filereadable(file) ~= 1 then
  finish({ error = 'file not found: ' .. file })
  return
end

local function realpath(p)
  return vim.loop.fs_realpath(p) or vim.fn.fnamemodify(p, ':p')
end

file = realpath(file)
server = realpath(server)

-- Filetype for *.segoc (no runtime files are loaded with -u NONE, so say it here).
vim.cmd([[
  augroup segoc_e2e
    autocmd!
    autocmd BufRead,BufNewFile *.segoc setlocal filetype=segoc
  augroup END
]])

local received = nil -- diagnostics of the last publish for our file
local publishes = 0
local stderr_lines = {}
local exited = nil

local client_id = vim.lsp.start_client({
  name = 'segoc',
  cmd = { node, server, '--stdio' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      if err or not result or not result.uri then return end
      local ok, fname = pcall(vim.uri_to_fname, result.uri)
      if not ok or realpath(fname) ~= file then return end
      publishes = publishes + 1
      received = result.diagnostics or {}
    end,
    -- Answer server requests a headless client has no UI for.
    ['window/showMessageRequest'] = function() return vim.NIL end,
    ['window/workDoneProgress/create'] = function() return vim.NIL end,
    ['workspace/configuration'] = function(_, result)
      local items = (result and result.items) or {}
      local answer = {}
      for i = 1, #items do answer[i] = vim.NIL end
      return answer
    end,
  },
  on_exit = function(code, signal)
    exited = { code = code, signal = signal }
  end,
})

if not client_id then
  finish({ error = 'could not start the language server', cmd = { node, server, '--stdio' } })
  return
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

local start = vim.loop.hrtime()
local done = vim.wait(timeout_ms, function()
  if exited then return true end
  return received ~= nil and #received >= min_diags
end, 50)

local elapsed_ms = math.floor((vim.loop.hrtime() - start) / 1e6)

if exited and received == nil then
  finish({ error = 'server exited', code = exited.code, signal = exited.signal, elapsed_ms = elapsed_ms })
  return
end

if not done or received == nil or #received < min_diags then
  finish({ error = 'timeout', timeout_ms = timeout_ms, publishes = publishes,
           filetype = vim.bo[bufnr].filetype, received = received })
  return
end

local diags = {}
for i, d in ipairs(received) do
  diags[i] = {
    message = d.message,
    code = d.code == nil and vim.NIL or d.code,
    severity = d.severity == nil and vim.NIL or d.severity,
    source = d.source == nil and vim.NIL or d.source,
    range = d.range,
  }
end

pcall(vim.lsp.stop_client, client_id)
finish(diags)
