-- Checks the README's Neovim setup ("Other editors"): test/e2e/nvim-checks.js writes the README's lua
-- block (with the real server path) as init.lua, starts `nvim --headless` with it and runs this file.
-- It opens SEGOC_FILE (a copy of the illegal-order fixture), waits for the segoc-order error, asks
-- for a hover on the offending link, then edits the buffer into the legal order and waits for the
-- diagnostics to go away. Writes a JSON object to SEGOC_OUT and quits.
local out_path = os.getenv('SEGOC_OUT')
local file = os.getenv('SEGOC_FILE')
local result = { steps = {} }

local function finish()
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end

local function fail(msg)
  result.error = msg
  finish()
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
result.filetype = vim.bo[buf].filetype

-- 1. The error, from the client the README's autocmd started.
local ok = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
if not ok then return fail('no diagnostics within 20 s') end
local clients = vim.lsp.buf_get_clients(buf)
local names = {}
for _, c in pairs(clients) do table.insert(names, c.name) end
result.clients = names
result.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code
  if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
  table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, severity = d.severity, code = code or vim.NIL })
end

-- 2. A hover on the link number of line 15 (0-based 14, character 4).
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 14, character = 4 } }
local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 10000) or {}
local hover = ''
for _, r in pairs(responses) do
  if r.result and r.result.contents then
    local c = r.result.contents
    hover = hover .. (type(c) == 'table' and (c.value or '') or tostring(c))
  end
end
result.hover = hover

-- 3. Put the second chain in the legal order (lines 14-17, 1-based) and wait for the diagnostics to clear.
vim.api.nvim_buf_set_lines(buf, 13, 17, false, {
  '    1 Yugi "Sangan"',
  '    2 Kaiba "Sangan"',
  '    3 Yugi "Peten the Dark Clown"',
  '    4 Kaiba "Peten the Dark Clown"',
})
result.cleared = vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
result.after = #vim.diagnostic.get(buf)
finish()
