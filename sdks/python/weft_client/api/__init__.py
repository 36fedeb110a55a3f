# flake8: noqa

# import apis into api package
from weft_client.api.block_api import BlockApi
from weft_client.api.evm_internal_tx_api import EVMInternalTxApi
from weft_client.api.evmtx_api import EVMTxApi
from weft_client.api.nft_api import NFTApi
from weft_client.api.operations_api import OperationsApi
from weft_client.api.rich_list_api import RichListApi
from weft_client.api.router_api import RouterApi
from weft_client.api.router_info_api import RouterInfoApi
from weft_client.api.router_tx_api import RouterTxApi
from weft_client.api.status_api import StatusApi
from weft_client.api.tx_api import TxApi

