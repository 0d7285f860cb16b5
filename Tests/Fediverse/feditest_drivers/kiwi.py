"""feditest's node driver for a Kiwi server already running at its host name (kiwi_feditest.py
starts it): its member ada is the account a test asks for, nobody the account that does not exist.
feditest's own SaaS driver asks a person at a prompt for both."""
from feditest import nodedriver
from feditest.nodedrivers import HOSTNAME_PAR, DefaultAccountManager, NodeConfiguration
from feditest.nodedrivers.saas import FediverseSaasNodeDriver
from feditest.protocols.fediverse import FediverseAccount, FediverseNonExistingAccount


@nodedriver
class KiwiNodeDriver(FediverseSaasNodeDriver):
    def create_configuration_account_manager(self, rolename, test_plan_node):
        return (
            NodeConfiguration(self, "Kiwi", None, test_plan_node.parameter(HOSTNAME_PAR)),
            DefaultAccountManager([FediverseAccount(None, "ada")], [FediverseNonExistingAccount(None, "nobody")]),
        )
