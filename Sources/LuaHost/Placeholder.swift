import CLuaShim
